/** The declarations of a new resource's operations, `server/rest/<name>/operations.ts`. */
import type { Names } from "./names.ts";

export function operationsModule(n: Names): string {
  return `/**
 * The ${n.rest} calls, for every signed-in user: a client reaches only its own company's
 * ${n.words} (another company's answer 404, like missing ones).
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  ${n.Pascal}CreateSchema,
  ${n.Pascal}FindRequestSchema,
  ${n.Pascal}FindResponseSchema,
  ${n.Pascal}IdQuerySchema,
  ${n.Pascal}KeySchema,
  ${n.Pascal}Schema,
  ${n.Pascal}UpdateSchema,
} from "../../../openapi/schemas/${n.name}/${n.name}.ts";

export const find = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "${n.rest}/find",
  paged: true,
  summary: "Find ${n.words} (the ${n.word} list)",
  description: "Filter by id, company (its id, else a part of its name) or a part of the " +
    "label; sort by id (default), label or creation time; one page, with the totals.",
  request: { body: jsonBody(${n.Pascal}FindRequestSchema) },
  responses: {
    200: jsonResponse(${n.Pascal}FindResponseSchema, "One page of ${n.words}, with the totals"),
  },
});

export const get = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "${n.rest}/get",
  summary: "${n.AWord}",
  description: "The ${n.word} with its company; 404 when unknown.",
  request: { query: ${n.Pascal}IdQuerySchema },
  responses: { 200: jsonResponse(${n.Pascal}Schema, "The ${n.word}") },
  errors: [404],
});

export const create = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "${n.rest}/create",
  summary: "Create ${n.aWord}",
  description: "${n.AWord} of the company given: a client may only name its own (else 404 " +
    "'Company not found'). The label is required.",
  request: { body: jsonBody(${n.Pascal}CreateSchema) },
  responses: { 200: jsonResponse(${n.Pascal}Schema, "The new ${n.word}") },
  errors: [404],
});

export const update = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "${n.rest}/update",
  summary: "Update ${n.aWord}",
  description: "Sets the ${n.word}'s label (its company stays); 404 when unknown.",
  request: { body: jsonBody(${n.Pascal}UpdateSchema) },
  responses: { 200: jsonResponse(${n.Pascal}Schema, "The ${n.word}, updated") },
  errors: [404],
});

export const remove = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "${n.rest}/delete",
  summary: "Delete ${n.aWord}",
  description: "Deletes the ${n.word}; 404 when unknown.",
  request: { body: jsonBody(${n.Pascal}KeySchema) },
  responses: { 200: jsonResponse(${n.Pascal}Schema, "The deleted ${n.word}, as it was") },
  errors: [404],
});
`;
}
