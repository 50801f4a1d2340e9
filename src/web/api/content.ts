import { useQuery } from '@tanstack/react-query';
import type { Instruction, LandingData, LandingKey, Page } from '@contract/api/content';
import { api } from './client';

// Response schemas (and zod) load beside the first request, outside the landing's initial JavaScript
// (issue 2 budget); every response is still checked against the contract.
const schemas = () => import('@contract/api/content');

// Admin-edited texts change rarely; a page visit should not refetch them on every mount.
const CONTENT_STALE_MS = 5 * 60_000;

export const contentKeys = {
  landing: (key: LandingKey) => ['landing-data', key] as const,
  page: (slug: string) => ['page', slug] as const,
  instructions: ['instructions'] as const,
};

export async function fetchLandingData(key: LandingKey = 'landing'): Promise<LandingData> {
  const [response, { landingResponse }] = await Promise.all([
    api.get<unknown>('landing-data', { params: { key } }),
    schemas(),
  ]);
  return landingResponse.parse(response.data).data;
}

export async function fetchPage(slug: string): Promise<Page> {
  const [response, { pageResponse }] = await Promise.all([
    api.get<unknown>(`page/${encodeURIComponent(slug)}`),
    schemas(),
  ]);
  return pageResponse.parse(response.data).data;
}

export async function fetchInstructions(): Promise<Instruction[]> {
  const [response, { instructionsResponse }] = await Promise.all([
    api.get<unknown>('admin/instruction'),
    schemas(),
  ]);
  return instructionsResponse.parse(response.data).data;
}

/** SPEC §1 landing texts (key 'landing' or 'payment'), incl. key_values.footer_html. */
export function useLandingData(key: LandingKey = 'landing') {
  return useQuery({
    queryKey: contentKeys.landing(key),
    queryFn: () => fetchLandingData(key),
    staleTime: CONTENT_STALE_MS,
  });
}

/** A static page by slug (about, faq, documents…): sanitised HTML with its version and date. */
export function usePage(slug: string) {
  return useQuery({
    queryKey: contentKeys.page(slug),
    queryFn: () => fetchPage(slug),
    staleTime: CONTENT_STALE_MS,
  });
}

/** Admin-edited instructions of the help section. */
export function useInstructions() {
  return useQuery({
    queryKey: contentKeys.instructions,
    queryFn: fetchInstructions,
    staleTime: CONTENT_STALE_MS,
  });
}
