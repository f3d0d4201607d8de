/**
 * What `npm run test:mutation` mutates, and the jest suites that must kill those mutants. To cover
 * another module, add it to `mutate` and the suites that test it to `mutationTestFiles`; each
 * suite added runs against every mutant it reaches (and all of them against a mutant of what runs
 * as a module loads), so keep to fast ones that call the module's functions: the HTTP suites
 * (staffConsole, integrationApi, …) take half a minute a mutant. A suite here names
 * `@jest-environment <rootDir>/__tests__/support/nodeEnvironment.js` rather than `node`, or Stryker
 * cannot tell which of its tests reached which mutant.
 */
module.exports = {
  mutate: [
    // Programme scoping: which programmes a staff member's groups give them, the searches and
    // exports kept within those, and the refusals of what lies outside.
    'server/console/access.ts',
    'server/console/registrationSearch.ts',
    'server/console/routeSupport.ts',
    // Read logging: the audit log that records every read, and what it keeps of who and what.
    'server/operations/auditLog.ts',
    // Token scope: which tokens open the integration API, until when, and for which programmes.
    'server/integration/apiTokens.ts',
    // Webhook signing: the Standard Webhooks signature a receiver checks.
    'server/webhooks/webhookSignature.ts',
  ],
  mutationTestFiles: [
    '__tests__/server/staffAccess.test.ts',
    '__tests__/server/staffScoping.test.ts',
    '__tests__/server/auditLog.test.ts',
    '__tests__/server/apiTokens.test.ts',
    '__tests__/server/webhookSignature.test.ts',
  ],
};
