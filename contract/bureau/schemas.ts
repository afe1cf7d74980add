import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { id } from '../fields';
import { fileId } from '../files/entities';
import { costAppliesTo } from '../shared/bureauPrice';
import { territories } from '../shared/territory';
import { email, message } from '../users/schemas';
import {
  adminCost,
  bureauFile,
  bureauStats,
  costType,
  dedupeLevel,
  dedupeLevelKeys,
  delimiters,
  fileCosts,
  fileEncodings,
  fileResults,
  fileStatuses,
  fileSummary,
  fileSuppression,
  maf,
  mappingTypes,
  outputField,
  outputGroup,
  retention,
  royaltyCharge,
  jobCharge,
  suppressSettings,
  suppressionGroup,
  suppressionType,
  testResults,
} from './entities';

// The bureau calls of spec section 7 (bureau server, /api/bureau) and ours around them. Every file
// call names its file with ?fileId (the bureau file's id) and acts for its account's owners only.

const fileQuery = z.object({ fileId: id });
const mafQuery = z.object({ mafId: id });
const seconds = z.coerce.number().int().min(0);
const done = message;
const fileName = z.string().trim().min(1, 'Give the file a name').max(255, 'A file name is at most 255 characters');

/** POST /files: the spec's Bureau file upload; the server reads the rest from the uploaded file. */
export const createFile = {
  body: z
    .object({
      fileServerId: fileId,
      name: fileName,
      delimiter: z.enum(delimiters, 'The delimiter is a comma, semicolon, tab or pipe').optional(),
      hasHeader: z.boolean().optional(),
      useQuotes: z.boolean().optional().default(true),
      testFileServerId: fileId.optional(),
      templateFileId: z.number().int().positive().optional(),
      mafId: z.number().int().positive().optional(),
      usePAF: z.boolean().optional(),
    })
    .strict(),
  response: bureauFile,
} satisfies CallShape;

export const listFiles = { response: z.array(fileSummary) } satisfies CallShape;
/** GET /files/detail ?fileId (ours): the whole record. */
export const getFile = { query: fileQuery, response: bureauFile } satisfies CallShape;
export const renameFile = { query: fileQuery, body: z.object({ name: fileName }).strict(), response: bureauFile } satisfies CallShape;
/** DELETE /files ?fileId: the file, its upload and its results, at once. */
export const deleteFile = { query: fileQuery, response: done } satisfies CallShape;

export const listMafs = { response: z.array(maf) } satisfies CallShape;

/** GET /files/inputfields ?fileId: the columns with two sample rows, and mappings saved for the same columns. */
export const getInputFields = {
  query: fileQuery,
  response: z.object({
    inputFields: bureauFile.shape.inputFields,
    delimiter: z.enum(delimiters),
    hasHeader: z.boolean(),
    /** Ours: the encoding the file is read in, and the one detected. */
    encoding: bureauFile.shape.encoding,
    detectedEncoding: bureauFile.shape.detectedEncoding,
    templates: z.array(z.object({ fileId: z.number().int(), name: z.string(), createdAt: z.number().int() })),
  }),
} satisfies CallShape;
export const putInputFields = {
  query: fileQuery,
  body: z
    .object({
      inputFields: z
        .array(
          z
            .object({
              inputOrder: z.number().int().min(0),
              mappingType: z.enum(mappingTypes, 'Choose what the column holds'),
              mappingOrder: z.number().int().min(0).max(20),
            })
            .strict(),
        )
        .min(1, 'Map at least one column'),
      hasHeader: z.boolean().optional(),
      /** Copy the mapping of an earlier file with the same columns instead. */
      templateFileId: z.number().int().positive().optional(),
    })
    .strict(),
  response: bureauFile,
} satisfies CallShape;

/** PUT /files/encoding ?fileId (ours): read the file again in another encoding (its sample, columns and count). */
export const putEncoding = {
  query: fileQuery,
  body: z.object({ encoding: z.enum(fileEncodings, 'Choose one of the encodings listed') }).strict(),
  response: bureauFile,
} satisfies CallShape;
export const getSuppressionTypes = { response: z.array(suppressionType) } satisfies CallShape;
export const getSuppressionSettings = { query: mafQuery, response: z.array(suppressionGroup) } satisfies CallShape;
export const getFileSuppression = { query: fileQuery, response: z.array(fileSuppression) } satisfies CallShape;
export const putFileSuppression = {
  query: fileQuery,
  body: z.object({ suppressGroupId: z.number().int().positive(), suppressSetting: z.enum(suppressSettings, 'The setting is off, flag or suppress') }).strict(),
  response: bureauFile,
} satisfies CallShape;

export const getDedupeLevels = { response: z.array(dedupeLevel) } satisfies CallShape;
/** PUT /files/dedupesettings: settingId from GET /dedupelevels (0: none); settingField its level, when given. */
export const putDedupeSettings = {
  query: fileQuery,
  body: z.object({ settingId: z.number().int().min(0), settingField: z.enum(dedupeLevelKeys).nullable().optional() }).strict(),
  response: bureauFile,
} satisfies CallShape;
export const putDedupeSeparateFile = { query: fileQuery, body: z.object({ separateFile: z.boolean() }).strict(), response: bureauFile } satisfies CallShape;
export const putAddressSettings = { query: fileQuery, body: z.object({ usePAF: z.boolean() }).strict(), response: bureauFile } satisfies CallShape;
export const putMafSettings = { query: fileQuery, body: z.object({ mafId: z.number().int().positive() }).strict(), response: bureauFile } satisfies CallShape;

export const getOutputGroups = { query: mafQuery, response: z.array(outputGroup) } satisfies CallShape;
export const getOutputFields = { query: mafQuery, response: z.array(outputField) } satisfies CallShape;
export const getFileOutputGroups = { query: fileQuery, response: z.object({ outputGroupIds: z.array(z.number().int()) }) } satisfies CallShape;
export const putFileOutputGroups = {
  query: fileQuery,
  body: z.object({ outputGroupIds: z.array(z.number().int().positive()).max(50) }).strict(),
  response: bureauFile,
} satisfies CallShape;

/** GET /files/testresults ?fileId: the free test on the sample, run for the current settings when needed. */
export const getTestResults = { query: fileQuery, response: testResults } satisfies CallShape;
/** PUT /files/createresults ?fileId: queues the results job (idempotent while one is queued or running). */
export const createResults = { query: fileQuery, response: bureauFile } satisfies CallShape;
export const getResults = {
  query: fileQuery,
  response: z.object({
    status: z.enum(fileStatuses),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    results: fileResults.nullable(),
    failure: z.string().nullable(),
  }),
} satisfies CallShape;
export const getResultCosts = { query: fileQuery, response: fileCosts } satisfies CallShape;
/**
 * GET /files/prices ?fileId (ours): the admin prices in force for the file's territory, one per cost
 * type (per record and per match in ten-thousandths of a minor unit), and its record count: the
 * properties page prices each setting (contract/shared/bureauPrice.ts) before the customer commits.
 */
export const getFilePrices = {
  query: fileQuery,
  response: z.object({
    territory: z.enum(territories),
    records: z.number().int().min(0),
    prices: z.array(z.object({
      costTypeId: id, name: z.string(), appliesTo: z.enum(costAppliesTo), basePrice: z.number().int(), pricePerRecord: z.number().int(), pricePerMatch: z.number().int(), minRecCount: z.number().int(),
    })),
  }),
} satisfies CallShape;
/**
 * POST /files/results/pay ?fileId: the spec's body; the browser goes to checkoutUrl (the gateway's
 * page) and comes back to paidUrl or backUrl. invoiceUrl is the invoice once paid (a repeat call
 * after payment answers it with no checkoutUrl). Send the idempotency-key header (contract/shared/shop.ts).
 */
export const payResults = {
  query: fileQuery,
  body: z
    .object({
      name: z.string().trim().min(1, 'Your name is required').max(200),
      email,
      companyName: z.string().trim().max(200).optional().default(''),
      companyAddress: z.string().trim().min(1, 'The company address is required').max(1000),
      country: z.string().trim().min(1, 'Country is required').max(100),
      territory: z.enum(territories),
      backUrl: z.string().trim().url('Give a full URL to return to').max(2000),
      paidUrl: z.string().trim().url('Give a full URL to return to').max(2000),
    })
    .strict(),
  response: z.object({ checkoutUrl: z.string().nullable(), invoiceUrl: z.string().nullable(), orderId: z.number().int() }),
} satisfies CallShape;
export const discardResults = { query: fileQuery, response: bureauFile } satisfies CallShape;
/** GET /files/results/fileid ?fileId: the results zip's file server id, once paid. */
export const getResultsFileId = { query: fileQuery, response: z.object({ fileServerId: fileId, fileName: z.string() }) } satisfies CallShape;
/**
 * GET /files/results/receipt ?fileId, backUrl (ours): a paid file's results, what was paid (the
 * price lines fixed at payment), its invoice (number and a signed link back to backUrl), when it was
 * paid and until when the results are kept (null once the retention removed them).
 */
export const getResultsReceipt = {
  query: fileQuery.extend({ backUrl: z.string().trim().url('Give a full URL to return to').max(2000).optional() }),
  response: z.object({ results: fileResults, costs: fileCosts, invoiceNumber: z.string(), invoiceUrl: z.string(), paidAt: seconds, expiresAt: seconds.nullable() }),
} satisfies CallShape;

/** GET /stats/summary ?accId, dateFrom, dateTo (seconds). */
export const statsSummary = {
  query: z.object({ accId: id, dateFrom: seconds, dateTo: seconds }).refine((q) => q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'The end date is before the start date' }),
  response: z.array(bureauStats),
} satisfies CallShape;

export const getRetention = { query: z.object({ accountId: id }), response: retention } satisfies CallShape;
export const putRetention = {
  query: z.object({ accountId: id }),
  body: z
    .object({
      uploadDays: z.number().int('Keep uploads a whole number of days').min(1, 'Keep uploads at least 1 day').max(365, 'Keep uploads at most 365 days'),
      resultDays: z.number().int('Keep results a whole number of days').min(1, 'Keep results at least 1 day').max(365, 'Keep results at most 365 days'),
    })
    .strict(),
  response: retention,
} satisfies CallShape;

// Admin and super (spec section 2, /administration/addresscleanse).
const pricePart = (what: string) =>
  z
    .number(`${what} must be a number`)
    .min(0, `${what} cannot be negative`)
    .max(1_000_000, `${what} is too large`)
    .refine((n) => Number.isInteger(Math.round(n * 10_000 * 1e6) / 1e6), `${what} has at most four decimal places`);
export const listCosts = { query: z.object({ territory: z.enum(territories).optional() }), response: z.array(adminCost) } satisfies CallShape;
/** POST /admin/costs: a new price for a cost type in a territory, from startDate (now when left out); the current one ends then. */
export const createCost = {
  body: z
    .object({
      costTypeId: z.number().int().positive('Choose a cost type'),
      territory: z.enum(territories),
      basePrice: z.number().int('The base price is whole minor units').min(0, 'The base price cannot be negative').max(100_000_000),
      pricePerRecord: pricePart('The price per record'),
      pricePerMatch: pricePart('The price per match'),
      realPricePerRecord: pricePart('The real price per record'),
      realPricePerMatch: pricePart('The real price per match'),
      minRecCount: z.number().int('The minimum record count is a whole number').min(0).max(100_000_000),
      startDate: z.number().int().min(0).optional(),
    })
    .strict(),
  response: adminCost,
} satisfies CallShape;
/** DELETE /admin/costs ?costId: a scheduled price that has not started goes; the price before it runs on. */
export const withdrawCost = { query: z.object({ costId: z.coerce.number().int().positive() }), response: done } satisfies CallShape;
export const listAdminMafs = { response: z.array(maf) } satisfies CallShape;
export const listCostTypes = { response: z.array(costType) } satisfies CallShape;
const range = { startDate: seconds, endDate: seconds };
/** includedTypes: cost type ids (bracket style, includedTypes[]=1); all when left out. */
export const royaltyCharges = {
  query: z.object({ territory: z.enum(territories), ...range, includedTypes: z.array(z.coerce.number().int().positive()).optional() }),
  response: z.array(royaltyCharge),
} satisfies CallShape;
/** includedJobs: job ids (bracket style); all in the range when left out. */
export const jobCharges = {
  query: z.object({ territory: z.enum(territories).optional(), ...range, includedJobs: z.array(z.coerce.number().int().positive()).optional() }),
  response: z.array(jobCharge),
} satisfies CallShape;
