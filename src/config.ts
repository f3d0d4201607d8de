/**
 * Build-time configuration. webpack's DefinePlugin replaces each `process.env.X` below with the
 * value the build saw (or leaves it undefined), so the defaults apply when nothing is set.
 */
export const config = {
  graphqlUrl: process.env.GRAPHQL_URL || '/graphql',
  emailDomain: process.env.EMAIL_DOMAIN || 'example.edu',
  institutionUrl: process.env.INSTITUTION_URL || 'https://www.example.edu/',
  externalSiteUrl: process.env.EXTERNAL_SITE_URL || 'https://www.example.edu/',
};
