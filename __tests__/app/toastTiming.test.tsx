import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStartPage, translations } from '../support/renderApp';

const { sv } = translations;

/**
 * The toasts' promised timing (toastTiming: shown, kept after a hover, animated), read from what
 * react-toastify renders: its progress bar runs for as long as the toast stays.
 */
describe('the invalid-form toast’s timing', () => {
  beforeEach(() => sessionStorage.clear());

  async function showInvalidFormToast() {
    const user = userEvent.setup();
    await renderStartPage();
    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));
    const toast = await screen.findByRole('note');
    const timer = () => toast.querySelector<HTMLElement>('[role="progressbar"]')!;
    return { toast, timer };
  }

  it('closes 5 s after it appears, sliding in and out in 300 ms', async () => {
    const { toast, timer } = await showInvalidFormToast();
    expect(timer().style.animationDuration).toBe('5000ms');
    const container = toast.closest<HTMLElement>('.Toastify__toast-container')!;
    expect(container.style.getPropertyValue('--toast-animation-duration')).toBe('300ms');
  });

  it('closes 1 s after the pointer leaves it, once hovered', async () => {
    const { toast, timer } = await showInvalidFormToast();
    // jsdom plays no CSS: the entrance ends when its animation says so.
    fireEvent.animationEnd(toast);
    await waitFor(() => expect(timer().style.animationPlayState).toBe('running'));
    fireEvent.mouseEnter(toast);
    await waitFor(() => expect(timer().style.animationPlayState).toBe('paused'));
    fireEvent.mouseLeave(toast);
    await waitFor(() => expect(timer().style.animationDuration).toBe('1000ms'));
  });
});
