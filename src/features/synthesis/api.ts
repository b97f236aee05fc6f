/**
 * The synthesis reads: the sources the modules declare, a table computed by the server (a POST
 * whose body is the definition: a read, kept for offline reading as last computed, with its
 * `computedAt`), and the downloads (the table as CSV from the server, the dashboard's PDF).
 */
import { queryOptions } from '@tanstack/react-query';
import type { SynthesisDefinition, SynthesisPdfBody, SynthesisResult, SynthesisSourceInfo } from '../../../common/modules/synthesis/schemas';
import { api, apiGet, apiPost, withSignal } from '../../lib/api-client';
import { saveResponse } from '../../lib/download';

export const synthesisKeys = {
  all: ['synthesis'] as const,
  sources: () => ['synthesis', 'sources'] as const,
  table: (definition: SynthesisDefinition) => ['synthesis', 'table', definition] as const,
};

export const sourcesQueryOptions = () =>
  queryOptions({
    queryKey: synthesisKeys.sources(),
    queryFn: ({ signal }) => apiGet<SynthesisSourceInfo[]>('synthesisBuilder/sources', withSignal(signal)),
    staleTime: 10 * 60_000,
    meta: { offline: true },
  });

export const tableQueryOptions = (definition: SynthesisDefinition) =>
  queryOptions({
    queryKey: synthesisKeys.table(definition),
    queryFn: ({ signal }) => apiPost<SynthesisResult>('synthesisBuilder/query', definition, withSignal(signal)),
    staleTime: 60_000,
    meta: { offline: true },
  });

export async function downloadDashboardPdf(body: SynthesisPdfBody, language: string): Promise<void> {
  const response = await api.post('synthesisBuilder/dashboard.pdf', { json: body, headers: { 'accept-language': language } });
  await saveResponse(response, 'synthese.pdf');
}
