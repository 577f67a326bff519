import { SubjectRepository, type DecisionRepository, type MatchRepository, type Subject } from "@winnow/storage";
import { ATS_PROVIDERS } from "@winnow/storage/repos/connections";
import type { ScreeningJobRepository } from "@winnow/storage/repos/screening-jobs";
import type { WebhookDeliveryRepository } from "@winnow/storage/repos/webhook-deliveries";

/** A candidate named by email (any case), or by ATS candidate id, of one provider or of all of them. */
export type ErasureRequest = { email: string } | { atsCandidateId: string; provider?: string };

export interface ErasureCounts {
  matches: number;
  decision_records: number;
  ats_screening_jobs: number;
  /** Jobs still waiting in a queue when erased (an SQS message left behind finds no job and is dropped). */
  ats_queue_items: number;
  ats_dead_letters: number;
  ats_write_backs: number;
  webhook_deliveries: number;
  demographics: number;
}

export interface ErasureReport {
  /** Matches (and ATS screenings: a job's id is its match id) that held data about the candidate. */
  matchIds: string[];
  counts: ErasureCounts;
}

/** Demographic uploads of the bias audit, kept apart from screening data; erased by match id. */
export interface DemographicsEraser {
  deleteByMatchIds(accountId: string, matchIds: string[]): Promise<number>;
}

export interface ErasureDeps {
  subjects: SubjectRepository;
  matches: MatchRepository;
  decisions: DecisionRepository;
  jobs: ScreeningJobRepository;
  deliveries: WebhookDeliveryRepository;
  demographics?: DemographicsEraser;
}

function subjectsOf(request: ErasureRequest): Subject[] {
  if ("email" in request) return [{ kind: "email", email: request.email }];
  const providers = request.provider ? [request.provider] : ATS_PROVIDERS;
  return providers.map((provider) => ({ kind: "ats", provider, candidateId: request.atsCandidateId }));
}

/**
 * Erases everything held about one candidate in an account. The subject index (written at screening and at ATS intake)
 * names the matches; from each match id follow its decision record, ATS job partition (job, queue or dead-letter
 * entry, write-backs), the webhook deliveries that fed the job, and demographic rows. Index entries under the
 * candidate's other identifiers (the email of an ATS candidate, say) are removed too, so nothing points at erased
 * data. Idempotent: the index entries go last, so a call that fails half-way can be repeated, and a repeat after a
 * complete erasure finds nothing. Screenings running meanwhile are covered by the subject's erasure mark.
 */
export class ErasureService {
  private readonly deps: ErasureDeps;
  constructor(deps: ErasureDeps) {
    this.deps = deps;
  }

  async erase(accountId: string, request: ErasureRequest): Promise<ErasureReport> {
    const { subjects } = this.deps;
    const requested = subjectsOf(request);
    // Marked before reading the index and finished after: a screening that stores its match while the erasure is
    // unfinished sees that in the marks and takes the match back (screening.ts), so an erasure is not undone by a
    // screening that was already running.
    const started = await subjects.markErasure(accountId, requested);
    const matchIds = [...new Set((await Promise.all(requested.map((s) => subjects.matchIds(accountId, s)))).flat())].sort();
    const counts = await this.eraseMatches(accountId, matchIds, requested);
    for (const subject of requested) await subjects.unlink(accountId, subject);
    await subjects.finishErasure(accountId, started);
    return { matchIds, counts };
  }

  /**
   * Takes back one screening whose candidate was erased while it ran, as that erasure would have if it had found it:
   * the match, decision record, ATS job (so the worker stops before any write-back), demographics and index entries
   * (under `subjects` and the candidate's other identifiers).
   */
  async discardScreening(accountId: string, matchId: string, subjects: Subject[]): Promise<ErasureCounts> {
    return this.eraseMatches(accountId, [matchId], subjects);
  }

  /** Everything reachable from the match ids, then the index entries that point at them. */
  private async eraseMatches(accountId: string, matchIds: string[], subjects: Subject[]): Promise<ErasureCounts> {
    const { matches, decisions, jobs, deliveries, demographics } = this.deps;
    const counts: ErasureCounts = {
      matches: 0,
      decision_records: 0,
      ats_screening_jobs: 0,
      ats_queue_items: 0,
      ats_dead_letters: 0,
      ats_write_backs: 0,
      webhook_deliveries: 0,
      demographics: 0,
    };
    const linked: Subject[] = [...subjects];
    for (const matchId of matchIds) {
      const match = await matches.delete(accountId, matchId);
      if (match) {
        counts.matches++;
        if (match.candidate.email.trim()) linked.push({ kind: "email", email: match.candidate.email });
      }
      const erased = await jobs.erase(accountId, matchId);
      if (erased.job) {
        counts.ats_screening_jobs++;
        if (erased.job.status === "queued" || erased.job.status === "running") counts.ats_queue_items++;
        if (erased.job.status === "dead") counts.ats_dead_letters++;
        const candidateId = erased.job.candidateId ?? erased.job.scored?.candidateId;
        if (candidateId) linked.push({ kind: "ats", provider: erased.job.provider, candidateId });
        erased.deliveries.push({ connectionId: erased.job.connectionId, deliveryKey: erased.job.deliveryKey });
      }
      counts.ats_write_backs += erased.writeBacks;
      const seen = new Set<string>();
      for (const d of erased.deliveries) {
        const id = `${d.connectionId}\n${d.deliveryKey}`;
        if (seen.has(id)) continue;
        seen.add(id);
        if (await deliveries.delete(d.connectionId, d.deliveryKey)) counts.webhook_deliveries++;
      }
    }
    counts.decision_records = await decisions.erase(accountId, matchIds);
    // Demographic rows sit in the bias audit's own table; createServices passes its DemographicsRepository here.
    if (demographics && matchIds.length) counts.demographics = await demographics.deleteByMatchIds(accountId, matchIds);
    if (matchIds.length) await this.deps.subjects.unlinkMatches(accountId, linked, matchIds);
    return counts;
  }
}
