/** The kind of a failure to send, for the log: a mail server's answer can quote the address. */
export function describeMailFailure(error: unknown) {
  const { name, code, responseCode } = error as {
    name?: string;
    code?: string;
    responseCode?: number;
  };
  return { errorName: name, errorCode: code, responseCode };
}
