import '@testing-library/jest-dom';

/**
 * A console.error (a React warning, an error raised in a listener effect) is a defect: the test
 * that caused it fails. The calls are collected rather than thrown, because some callers catch
 * what console.error throws: RTK's listener middleware re-throws it in a timer, where it is lost.
 */
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
