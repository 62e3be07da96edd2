import type { WatchList } from '@fineprint/contracts';
import { identityHeaders } from './api';
import { http } from './http';

/** The subscriber's watched sites; with a result's permalink id, `current` says whether its site is watched. */
export async function fetchWatches(resultId?: string): Promise<WatchList> {
  const query = resultId ? `?resultId=${encodeURIComponent(resultId)}` : '';
  const { data } = await http.get<WatchList>(`/watches${query}`, { headers: await identityHeaders() });
  return data;
}

/** Watches the site of a result (by its permalink id); `emailAlerts`: the subscriber agrees to an e-mail when it changes. */
export async function watchResultSite(resultId: string, emailAlerts: boolean): Promise<WatchList> {
  const { data } = await http.post<WatchList>('/watches', { resultId, emailAlerts }, { headers: await identityHeaders() });
  return data;
}

export async function unwatchSite(id: string): Promise<void> {
  await http.delete(`/watches/${encodeURIComponent(id)}`, { headers: await identityHeaders() });
}

/** The subscriber has seen the changes: they no longer count in "2 watched sites changed". */
export async function markWatchesSeen(): Promise<void> {
  await http.post('/watches/seen', {}, { headers: await identityHeaders() });
}
