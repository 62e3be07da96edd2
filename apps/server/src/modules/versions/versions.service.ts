import { countChanges, diffReading, normalizeSiteUrl, type DatedDocumentVersion, type DocumentVersion } from '@fineprint/analysis';
import {
  CHANGE_MESSAGES,
  RETENTION_DAYS,
  type AnalysisResult,
  type ChangeSummaryCounts,
  type Changes,
  type DocumentType,
  type SiteHistory,
} from '@fineprint/contracts';
import { ServiceError } from '../../errors';
import type { SiteVersionRow, VersionsRepository } from './versions.repository';

/** History steps one request lists (newest first). */
const MAX_HISTORY_STEPS = 100;

/** What a site's result says about its history: how many versions, since when. */
export interface HistoryBrief {
  site: string;
  versions: number;
  since: string;
}

/** What changed from a site's previous versions to a reading (the worker pool's `diff`; in process by default). */
export type DiffVersions = (task: {
  previous: DatedDocumentVersion[];
  documents: DocumentVersion[];
  readAt: string;
}) => Promise<Changes | undefined>;

/** A site's latest history step and its documents' versions: what its next reading is diffed against. */
export interface PreviousVersions {
  stepId: number;
  documents: DatedDocumentVersion[];
}

/** What the analysis of a reading brings besides its documents: its date and, when it was diffed, against what and the changes. */
export interface ReadingDiff {
  /** When the documents were read (ISO 8601). Default: now. */
  readAt?: string;
  /** The versions the reading was diffed against (`previousVersions` before the analysis), and what changed since them. */
  diffed?: { previous: PreviousVersions; changes: Changes | undefined };
}

/**
 * The version store's rules (issue 23): record a site's documents after each analysis (a new
 * version only when a document's normalised text changed, a new history step when any document
 * changed, appeared or disappeared, with what changed computed once and kept), give the versions
 * the next reading is diffed against, list the history with a one-line summary per step, and give
 * a step's changes. The diff itself never runs here: the analysis's worker thread diffs its
 * reading against `previousVersions`, and a reading diffed against versions replaced meanwhile is
 * diffed again by `diffVersions` (the worker pool in the app). Watching (issue 23 item 4) records
 * through the analysis service's fresh run, as visitors' analyses do.
 */
export function createVersionsService(deps: {
  versions: VersionsRepository;
  clock: () => Date;
  historyDays: number;
  /** Default: `diffReading` in process (tests, tools). */
  diffVersions?: DiffVersions;
}) {
  const diffVersions: DiffVersions = deps.diffVersions ?? (async (task) => diffReading(task.previous, task.documents, task.readAt));
  const service = {
    /** The site's latest step and its documents' versions, read before an analysis so its worker can diff; undefined when never read. */
    async previousVersions(site: string): Promise<PreviousVersions | undefined> {
      const latest = await deps.versions.latestSiteVersion(site);
      if (!latest) return undefined;
      return { stepId: latest.id, documents: await deps.versions.findDocumentVersions(latest.documents.map((d) => d.versionId)) };
    },

    /**
     * Records the documents one analysis read for `site` (its normalised address). Returns what
     * changed since the site's latest step, when something did and there was a step before: the
     * reading's own diff when it was made against that step, else one made now off this thread.
     */
    async recordSiteDocuments(
      site: string,
      documents: readonly DocumentVersion[],
      reading: ReadingDiff = {},
    ): Promise<{ changes?: Changes; stepId?: number }> {
      const now = reading.readAt ?? deps.clock().toISOString();
      const latest = await deps.versions.latestSiteVersion(site);
      // The versions the worker diffed against are still the latest unless another reading of the site was recorded meanwhile.
      const diffed = reading.diffed && latest?.id === reading.diffed.previous.stepId ? reading.diffed : undefined;
      const before = diffed
        ? diffed.previous.documents
        : latest
          ? await deps.versions.findDocumentVersions(latest.documents.map((d) => d.versionId))
          : [];
      const unchanged: Array<{ type: DocumentType; url: string; versionId: number }> = [];
      const added: DocumentVersion[] = [];
      for (const doc of documents) {
        const previous = latest?.documents.find((d) => d.type === doc.type);
        const previousVersion = before.find((d) => d.type === doc.type);
        if (previous && previousVersion?.textHash === doc.textHash)
          unchanged.push({ type: doc.type, url: doc.url, versionId: previous.versionId });
        else added.push(doc);
      }
      const isSameSet = latest !== undefined && latest.documents.length === documents.length && added.length === 0;
      if (isSameSet) {
        await deps.versions.recordStep({ site, now, unchanged, added, latestStepId: latest.id, isNewStep: false });
        return {};
      }
      const changes = !latest
        ? undefined
        : diffed
          ? diffed.changes
          : await diffVersions({ previous: before, documents: [...documents], readAt: now });
      // Changed since the old texts were last read unchanged, until now.
      if (changes && latest) Object.assign(changes, { since: latest.lastReadAt, until: now });
      const summary: ChangeSummaryCounts | { first: DocumentType[] } = changes
        ? countChanges(changes)
        : { first: documents.map((d) => d.type) };
      const { stepId } = await deps.versions.recordStep({ site, now, unchanged, added, isNewStep: true, changes, summary });
      return { ...(changes ? { changes } : {}), ...(stepId !== undefined ? { stepId } : {}) };
    },

    /** How many history steps a site has and since when (for its result); undefined when none. */
    async briefOf(site: string): Promise<HistoryBrief | undefined> {
      const { count, first } = await deps.versions.countSiteVersions(site);
      return count > 0 && first ? { site, versions: count, since: first } : undefined;
    },

    /** `GET /api/sites/:site/history`: the steps newest first, each with its one-line summary. 404 when none is kept. */
    async listHistory(siteInput: string): Promise<SiteHistory> {
      const site = siteKey(siteInput);
      const steps = await deps.versions.listSiteVersions(site, MAX_HISTORY_STEPS);
      if (steps.length === 0) throw new ServiceError('NOT_FOUND', CHANGE_MESSAGES.historyNotFound);
      return {
        site,
        versions: steps.map((step) => ({
          id: String(step.id),
          date: step.readAt,
          documents: step.documents.map((d) => ({ type: d.type, url: d.url })),
          summary: summaryOf(step),
          hasChanges: isCounts(step.summary),
        })),
      };
    },

    /** `GET /api/sites/:site/history/:id`: what changed at that step. 404 when unknown or the first step. */
    async stepChanges(siteInput: string, id: string): Promise<Changes> {
      const site = siteKey(siteInput);
      const step = /^\d{1,15}$/.test(id) ? await deps.versions.findSiteVersion(site, Number(id)) : undefined;
      if (!step?.changes) throw new ServiceError('NOT_FOUND', CHANGE_MESSAGES.stepNotFound);
      return step.changes;
    },

    /** Keeps a site result by its permalink id after the cache replaces it (for RETENTION_DAYS, as the legal pages say). */
    async keepResult(site: string, result: AnalysisResult): Promise<void> {
      if (result.resultId) await deps.versions.keepResult(result.resultId, site, result, deps.clock().toISOString());
    },
    async findKeptResult(resultId: string): Promise<AnalysisResult | undefined> {
      return deps.versions.findKeptResult(resultId);
    },

    /** Purges versions not read for `historyDays` and kept results older than RETENTION_DAYS. */
    async purgeExpired(): Promise<number> {
      const now = deps.clock().getTime();
      const versions = await deps.versions.purgeVersionsOlderThan(new Date(now - deps.historyDays * 86_400_000).toISOString());
      const results = await deps.versions.purgeResultsOlderThan(new Date(now - RETENTION_DAYS * 86_400_000).toISOString());
      return versions + results;
    },
  };
  return service;
}
export type VersionsService = ReturnType<typeof createVersionsService>;

/** A site as the analysis keys it: the typed address or host normalised (400 on garbage). */
function siteKey(input: string): string {
  return normalizeSiteUrl(input).href;
}

function isCounts(summary: unknown): summary is ChangeSummaryCounts {
  return typeof summary === 'object' && summary !== null && 'onlyDates' in summary;
}

function summaryOf(step: SiteVersionRow): string {
  if (isCounts(step.summary)) return CHANGE_MESSAGES.summary(step.summary);
  return CHANGE_MESSAGES.firstRead(step.documents.map((d) => d.type));
}
