/* Hand-maintained: `sst deploy` and `sst dev` regenerate this file from sst.config.ts, but CI never runs them, so it
 * is kept in step by hand (one entry per linkable component in infra/; test/deploy/infra.test.ts checks the names). */
/* deno-fmt-ignore-file */
/* biome-ignore-all lint: generated shape */

import "sst";
declare module "sst" {
  export interface Resource {
    "AdminToken": {
      "type": "sst.sst.Secret";
      "value": string;
    };
    "Api": {
      "type": "sst.aws.ApiGatewayV2";
      "url": string;
    };
    "CatalogueSeed": {
      "name": string;
      "type": "sst.aws.Function";
    };
    "Demographics": {
      "name": string;
      "type": "sst.aws.Dynamo";
    };
    "EncryptionKey": {
      "type": "sst.sst.Secret";
      "value": string;
    };
    "JwtSigningKeys": {
      "type": "sst.sst.Secret";
      "value": string;
    };
    "Main": {
      "name": string;
      "type": "sst.aws.Dynamo";
    };
    "ScreeningDlq": {
      "type": "sst.aws.Queue";
      "url": string;
    };
    "ScreeningQueue": {
      "type": "sst.aws.Queue";
      "url": string;
    };
    "TaxonomySyncFunction": {
      "name": string;
      "type": "sst.aws.Function";
    };
  }
}

export {};
