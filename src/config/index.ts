/**
 * Build-time configuration. webpack's DefinePlugin replaces each `process.env.X` below with the
 * value the build saw (or leaves it undefined), so the defaults apply when nothing is set.
 */
import { configDefaults } from './defaults';

export const config = {
  graphqlUrl: process.env.GRAPHQL_URL || configDefaults.graphqlUrl,
  emailDomain: process.env.EMAIL_DOMAIN || configDefaults.emailDomain,
  institutionUrl: process.env.INSTITUTION_URL || configDefaults.institutionUrl,
  externalSiteUrl: process.env.EXTERNAL_SITE_URL || configDefaults.externalSiteUrl,
};
