import '@testing-library/jest-dom';

// A React warning (act, keys, invalid props) is a defect: fail the test that caused it.
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});
