/**
 * Registrations received per day as bars: an inline SVG drawn here, so that the console carries
 * no chart library. The chart is a picture of the table beside it (WCAG 1.1.1), which gives each
 * day's number; the picture's text alternative says what it shows and its total and highest day.
 */
import { useTranslation } from 'react-i18next';
import type { Overview } from '../../contract/consoleApiSchemas';
import { useFormatting } from './useFormatting';

/** The drawing's own units: each day's slot, the bar within it, and the height. */
const slot = 10;
const bar = 7;
const height = 100;

export function DailyChart({ days }: { days: Overview['days'] }) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const total = days.reduce((sum, { count }) => sum + count, 0);
  const highest = Math.max(0, ...days.map(({ count }) => count));
  // The scale's top: the highest day, or 1 when every day is 0 (the bars then lie flat).
  const top = Math.max(1, highest);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  return (
    <div className="daily-chart">
      {/* The scale's ends, for the eye; the table has the numbers for everyone. */}
      <div className="daily-chart-scale" aria-hidden="true">
        <span>{top}</span>
        <span>0</span>
      </div>
      <svg
        role="img"
        aria-label={t('chart-label', {
          from: first && format.day(first),
          to: last && format.day(last),
          total,
          highest,
        })}
        viewBox={`0 0 ${days.length * slot} ${height}`}
        preserveAspectRatio="none"
        className="daily-chart-bars"
      >
        <line
          x1={0}
          x2={days.length * slot}
          y1={height}
          y2={height}
          vectorEffect="non-scaling-stroke"
        />
        {days.map(({ day, count }, index) => {
          const barHeight = (count / top) * height;
          return (
            <rect
              key={day}
              x={index * slot + (slot - bar) / 2}
              y={height - barHeight}
              width={bar}
              height={barHeight}
            >
              <title>{`${format.day(day)}: ${count}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="daily-chart-days" aria-hidden="true">
        <span>{first && format.day(first)}</span>
        <span>{last && format.day(last)}</span>
      </div>
    </div>
  );
}
