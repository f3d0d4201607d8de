/** A staff command refused for a reason its user can act on: the message is shown as it is. */
export class StaffCommandError extends Error {
  name = 'StaffCommandError';
}
