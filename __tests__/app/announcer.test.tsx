import { act, render } from '@testing-library/react';
import { announce, announcerDelayMs, LiveAnnouncer } from '../../src/app/announcer';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers()); // leave the region empty for the next test
  jest.useRealTimers();
});

function renderRegion() {
  const { container } = render(<LiveAnnouncer />);
  return container.querySelector('#live-announcer')!;
}

describe('the live announcer', () => {
  it('is one polite live region, filled 100 ms after the event', () => {
    const region = renderRegion();
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => announce('Anmälan är inte färdig'));
    act(() => jest.advanceTimersByTime(announcerDelayMs - 1));
    expect(region).toHaveTextContent('');
    act(() => jest.advanceTimersByTime(1));
    expect(region).toHaveTextContent('Anmälan är inte färdig');
  });

  it('does not announce a message it holds again, but does once it has gone', async () => {
    const region = renderRegion();
    const changes: string[] = [];
    new MutationObserver(() => changes.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });

    const step = (work: () => void) => act(async () => work()); // flushes the observer too
    await step(() => announce('Dialog: Villkor'));
    await step(() => jest.advanceTimersByTime(announcerDelayMs));
    await step(() => announce('Dialog: Villkor'));
    await step(() => jest.advanceTimersByTime(announcerDelayMs));
    expect(changes.filter((text) => text !== '')).toEqual(['Dialog: Villkor']);

    await step(() => jest.advanceTimersByTime(5000)); // the message has gone
    await step(() => announce('Dialog: Villkor'));
    await step(() => jest.advanceTimersByTime(announcerDelayMs));
    expect(changes.filter((text) => text !== '')).toEqual(['Dialog: Villkor', 'Dialog: Villkor']);
  });

  it('announces only the latest of two messages sent within the delay', () => {
    const region = renderRegion();
    act(() => announce('first'));
    act(() => announce('second'));
    act(() => jest.advanceTimersByTime(announcerDelayMs));
    expect(region).toHaveTextContent('second');
  });
});
