/**
 * Validates the OpenAPI document on stdin with @seriousme/openapi-schema-validator and writes
 * `{ valid, errors }` as JSON. A process of its own: the validator is an ES module that finds its
 * schemas through import.meta, which Jest's CommonJS registry cannot load.
 */
import { text } from 'node:stream/consumers';
import { Validator } from '@seriousme/openapi-schema-validator';

const result = await new Validator().validate(JSON.parse(await text(process.stdin)));
process.stdout.write(JSON.stringify(result));
