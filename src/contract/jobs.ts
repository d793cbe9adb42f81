import { Type, type Static } from "typebox";
import { IdParam, LocalizableData, Locale, Nullable, OneOf, Timestamp } from "./fields.js";
import { LocalizeBody, QualityCheck, UntranslatedString } from "./process.js";
import { JOB_STATUSES } from "./vocabulary.js";
import { TmxImportReport } from "./exchange.js";

/** Durable multi-locale jobs (docs/jobs.md): key-authenticated like `/process/localize`. */

/** docs/jobs.md: a job takes 1–50 target locales. */
export const MAX_JOB_LOCALES = 50;

export const JobStatusSchema = OneOf(JOB_STATUSES);

export const JobLocalizeBody = Type.Object(
  {
    engineId: LocalizeBody.properties.engineId,
    sourceLocale: LocalizeBody.properties.sourceLocale,
    targetLocales: Type.Array(Locale, {
      minItems: 1,
      maxItems: MAX_JOB_LOCALES,
      description: `1–${MAX_JOB_LOCALES} target locales; duplicates (after normalisation) run once`,
    }),
    data: LocalizableData,
    hints: LocalizeBody.properties.hints,
  },
  { additionalProperties: true },
);
export type JobLocalizeBody = Static<typeof JobLocalizeBody>;

export const JobParams = Type.Object({ jobId: IdParam });
export type JobParams = Static<typeof JobParams>;

export const JobProgress = Type.Object(
  {
    done: Type.Integer({ minimum: 0, description: "locales finished" }),
    total: Type.Integer({ minimum: 1, description: "locales in the job" }),
  },
  { title: "JobProgress" },
);

export const JobError = Type.Object(
  {
    code: Type.String({ description: "the `code` the same call to `/process/localize` would have failed with" }),
    message: Type.String(),
  },
  { title: "JobError" },
);
export type JobError = Static<typeof JobError>;

const jobFields = {
  id: Type.String({ description: "`job_…`" }),
  status: JobStatusSchema,
  progress: JobProgress,
  engineId: Type.String(),
  sourceLocale: Type.String(),
  targetLocales: Type.Array(Type.String()),
  error: Type.Optional(JobError),
  createdAt: Timestamp,
  startedAt: Nullable(Timestamp),
  finishedAt: Nullable(Timestamp),
  expiresAt: Nullable(Timestamp, { description: "when a finished job and its results are deleted (7 days)" }),
};

export const JobRecord = Type.Object(
  {
    ...jobFields,
    result: Type.Optional(
      Type.Record(Type.String(), LocalizableData, {
        description: '`{ "<locale>": data }` for every locale finished so far',
      }),
    ),
    untranslated: Type.Optional(
      Type.Record(Type.String(), Type.Array(UntranslatedString), {
        description:
          '`{ "<locale>": [...] }` for the finished locales with strings that came back untranslated, as `untranslated` in a `/process/localize` answer',
      }),
    ),
    checks: Type.Optional(
      Type.Record(Type.String(), Type.Array(QualityCheck), {
        description:
          '`{ "<locale>": [...] }` for the finished locales whose translations the quality checks found something in, as `checks` in a `/process/localize` answer',
      }),
    ),
  },
  { title: "Job", description: "A multi-locale localization job and what it produced so far." },
);
export type JobRecord = Static<typeof JobRecord>;

/** A job in the dashboard's list: no results (they can be large), and the key that submitted it. */
export const JobSummary = Type.Object(
  {
    kind: Type.Literal("localize"),
    ...jobFields,
    keyId: Type.String(),
    keyName: Nullable(Type.String(), { description: "null once the key is deleted" }),
  },
  { title: "JobSummary" },
);
export type JobSummary = Static<typeof JobSummary>;

/** The dashboard shows the latest jobs; finished ones are deleted after 7 days anyway. */
export const JOB_LIST_LIMIT = 200;

export const JobListQuery = Type.Object({ status: Type.Optional(JobStatusSchema) });
export type JobListQuery = Static<typeof JobListQuery>;

/** What a job does: translate strings (`POST /jobs/localize`) or import a large TMX file (docs/jobs.md). */
export const JOB_KINDS = ["localize", "tmx_import"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const ImportProgress = Type.Object(
  {
    bytes: Type.Integer({ minimum: 0, description: "bytes of the file parsed so far" }),
    totalBytes: Type.Integer({ minimum: 0, description: "the file's size" }),
    read: Type.Integer({ minimum: 0, description: "translation units (`<tu>`) read so far" }),
    imported: Type.Integer({ minimum: 0, description: "translation-memory entries written so far" }),
  },
  { title: "ImportProgress" },
);
export type ImportProgress = Static<typeof ImportProgress>;

export const TmxImportJob = Type.Object(
  {
    id: Type.String({ description: "`job_…`" }),
    kind: Type.Literal("tmx_import"),
    status: JobStatusSchema,
    engineId: Type.String(),
    progress: ImportProgress,
    result: Type.Optional(TmxImportReport),
    error: Type.Optional(
      Type.Object(
        {
          code: Type.String({
            description: "what the same import would have been refused with (e.g. `invalid_request`)",
          }),
          message: Type.String(),
        },
        { title: "ImportJobError" },
      ),
    ),
    createdAt: Timestamp,
    startedAt: Nullable(Timestamp),
    finishedAt: Nullable(Timestamp),
    expiresAt: Nullable(Timestamp, { description: "when a finished job is deleted (7 days)" }),
  },
  {
    title: "TmxImportJob",
    description:
      "A TMX import run as a job (a large file): its progress while it runs, the import report as `result` once it finished (also after a failure: what was imported before the problem).",
  },
);
export type TmxImportJob = Static<typeof TmxImportJob>;

/** What `GET /jobs/:jobId` answers: a localization job, or a TMX import job (`kind: "tmx_import"`). */
export const AnyJob = Type.Union([TmxImportJob, JobRecord], {
  title: "AnyJob",
  description: 'A localization [Job](#job), or a [TmxImportJob](#tmximportjob) (`kind: "tmx_import"`).',
});

/** The dashboard's Jobs list: localization jobs, and (for members with `org:manage_team`) TMX import jobs. */
export const JobList = Type.Object(
  {
    jobs: Type.Array(Type.Union([TmxImportJob, JobSummary], { title: "JobListItem" }), {
      description: 'newest first; a TMX import job has `kind: "tmx_import"`',
    }),
  },
  { title: "JobList" },
);
export type JobList = Static<typeof JobList>;
export type JobListItem = JobList["jobs"][number];
