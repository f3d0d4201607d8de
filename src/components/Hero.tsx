import { useTranslation } from 'react-i18next';

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="hero">
      <div className="container-lg py-4 py-md-5">
        <h1 className="display-6 fw-semibold">{t('hero.heading-label')}</h1>
        <p className="lead mb-0">{t('hero.paragraph-label')}</p>
      </div>
    </section>
  );
}
