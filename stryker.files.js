/**
 * What `npm run test:mutation` mutates, in groups, and the jest suites that must kill each group's
 * mutants. Stryker runs once per group, so a mutant runs only its group's suites: a mutant of what
 * runs as a module loads (a table of columns, a list of ranges) reaches every test of the run, and
 * here that is a few seconds, not every suite's. To cover another module, add it to the group of
 * the suites that test it (or a new group); keep to fast suites that call the module's functions:
 * the HTTP suites (staffConsole, integrationApi, …) take half a minute a mutant. A suite here names
 * `@jest-environment <rootDir>/__tests__/support/nodeEnvironment.js` rather than `node`, or Stryker
 * cannot tell which of its tests reached which mutant.
 */
module.exports = {
  groups: {
    // Programme scoping, read logging and token scope: which programmes a staff member's groups
    // give them, the searches and exports kept within those; the audit log that records every
    // read; which tokens open the integration API, until when, and for which programmes.
    access: {
      mutate: [
        'server/console/access.ts',
        'server/console/registrationSearch.ts',
        'server/console/routeSupport.ts',
        'server/operations/auditLog.ts',
        'server/integration/apiTokens.ts',
      ],
      tests: [
        '__tests__/server/staffAccess.test.ts',
        '__tests__/server/staffScoping.test.ts',
        '__tests__/server/auditLog.test.ts',
        '__tests__/server/apiTokens.test.ts',
      ],
    },
    // Webhooks: the Standard Webhooks signature a receiver checks, and which URLs and resolved
    // addresses a delivery may reach.
    webhooks: {
      mutate: ['server/webhooks/webhookSignature.ts', 'server/webhooks/webhookUrls.ts'],
      tests: ['__tests__/server/webhookSignature.test.ts', '__tests__/server/webhookUrls.test.ts'],
    },
    // The birthday lock: the tries an applicant's link allows, taken before a birthday is compared.
    birthday: {
      mutate: ['server/applicant/applicantLinks.ts'],
      tests: ['__tests__/server/birthdayTries.test.ts'],
    },
    // The checks a restore makes of a backup's rows before the database judges them.
    backup: {
      mutate: ['server/operations/backupRows.ts', 'server/operations/backupValues.ts'],
      tests: ['__tests__/server/backupChecks.test.ts'],
    },
  },
};
