import { Hero } from '../../components/Hero';
import { TopBar } from '../../components/TopBar';
import { RegistrationForm } from './RegistrationForm';

export function StartPage() {
  return (
    <>
      <TopBar />
      <main>
        <Hero />
        <div className="container-lg py-4">
          <RegistrationForm />
        </div>
      </main>
    </>
  );
}
