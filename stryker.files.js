/**
 * What `npm run test:mutation` mutates, and the jest suites that must kill those mutants. To cover
 * another module, add it to `mutate` and the suites that test it to `mutationTestFiles`; each
 * suite added runs against every mutant it reaches, so prefer the fast ones.
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
    '__tests__/server/staffConsole.test.ts',
    '__tests__/server/consoleSecurity.test.ts',
    '__tests__/server/integrationApi.test.ts',
    '__tests__/server/webhooks.test.ts',
  ],
};
