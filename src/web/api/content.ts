import { useQuery } from '@tanstack/react-query';
import type { Instruction, LandingData, LandingKey, Page } from '@contract/api/content';
import { api } from './client';

// Typed by the contract; the server checks every answer against its schema on the way out.

// Admin-edited texts change rarely; a page visit should not refetch them on every mount.
const CONTENT_STALE_MS = 5 * 60_000;

export const contentKeys = {
  landing: (key: LandingKey) => ['landing-data', key] as const,
  page: (slug: string) => ['page', slug] as const,
  instructions: ['instructions'] as const,
};

export async function fetchLandingData(key: LandingKey = 'landing'): Promise<LandingData> {
  return (await api.get<{ data: LandingData }>('landing-data', { params: { key } })).data.data;
}

export async function fetchPage(slug: string): Promise<Page> {
  return (await api.get<{ data: Page }>(`page/${encodeURIComponent(slug)}`)).data.data;
}

export async function fetchInstructions(): Promise<Instruction[]> {
  return (await api.get<{ data: Instruction[] }>('admin/instruction')).data.data;
}

/** docs/PRODUCT.md landing texts (key 'landing' or 'payment'), incl. key_values.footer_html. */
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
