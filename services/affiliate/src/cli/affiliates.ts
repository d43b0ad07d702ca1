import { localSiteUrl } from '@storefront/server-kit';
import { OperatorCommandError, runOperatorCommand } from '../operator-commands';
import { DEVELOPMENT_OPERATOR_TOKEN } from '../definition';

/**
 * `npm run affiliates -- list|approve|decline …`: the operators' commands, sent to the affiliate service's
 * operator routes through the shop (AFFILIATE_OPERATOR_URL, by default /api/affiliate of the development
 * site: SITE_URL, or the shell's port with STOREFRONT_PORT_OFFSET) with AFFILIATE_OPERATOR_TOKEN: they
 * work while the site runs.
 */
const baseUrl = process.env.AFFILIATE_OPERATOR_URL || `${localSiteUrl()}/api/affiliate`;
const token = process.env.AFFILIATE_OPERATOR_TOKEN || DEVELOPMENT_OPERATOR_TOKEN;

runOperatorCommand(process.argv.slice(2), { baseUrl: baseUrl.replace(/\/+$/, ''), token }).then(
  (output) => console.log(output),
  (error: unknown) => {
    console.error(error instanceof OperatorCommandError ? error.message : error);
    process.exit(1);
  },
);
