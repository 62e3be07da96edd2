import type { AnalysisResult, FeedbackRequest, RecentResults } from '@fineprint/contracts';
import { http } from './http';

/** "This is wrong": one report on an item of a kept result (`POST /api/feedback`, CSRF token echoed by `http`). */
export async function sendFeedback(request: FeedbackRequest): Promise<void> {
  await http.post<unknown>('/feedback', request);
}

/** "Recently analysed": the newest kept results, public (`GET /api/results/recent`). */
export async function fetchRecentResults(): Promise<RecentResults> {
  const { data } = await http.get<RecentResults>('/results/recent');
  return data;
}

/** A kept result by its permalink id (`GET /api/results/:id`); throws HttpError 404 when it is no longer kept. */
export async function fetchResultById(id: string): Promise<AnalysisResult> {
  const { data } = await http.get<AnalysisResult>(`/results/${encodeURIComponent(id)}`);
  return data;
}
