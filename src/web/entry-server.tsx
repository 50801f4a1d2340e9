// The school's public pages rendered on the server: the same routes, components and queries as in the
// browser, so the HTML a crawler or a slow phone gets first is the page the SPA then hydrates. Built by
// `vite build --ssr` into dist/server and loaded by the server (src/server/ssr/); never imported by it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DOMParser, Node } from 'linkedom';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { routes } from './app/router';
import { api } from './api/client';
import type { FetchApi, RenderResult } from '@contract/ssr';
import { pageHead } from './app/page-head';
import { modulesOf } from './app/route-modules';
import type { SsrState } from './app/ssr-state';

// The admin's sanitised HTML is turned into React elements with DOMParser in the browser; here the same
// code reads a linkedom document (and its node type constants).
const globals = globalThis as { DOMParser?: unknown; Node?: unknown };
globals.DOMParser ??= DOMParser;
globals.Node ??= Node;

const requestApi = new AsyncLocalStorage<FetchApi>();

/** The axios instance's queries go to the API of the request being rendered. */
const inProcessAdapter: AxiosAdapter = async (config) => {
  const fetchApi = requestApi.getStore();
  if (!fetchApi) throw new Error('No API for this render');
  const path = api.getUri({ ...config, baseURL: '/api/' });
  const answer = await fetchApi(path);
  const response: AxiosResponse = {
    data: answer.body,
    status: answer.status,
    statusText: String(answer.status),
    headers: answer.headers,
    config,
  };
  // axios parses JSON in its transformResponse step, after the adapter; a non-2xx is an error as usual.
  if (config.validateStatus && !config.validateStatus(answer.status)) {
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      null,
      { ...response, data: safeJson(answer.body) },
    );
  }
  return response;
};
api.defaults.adapter = inProcessAdapter;

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

const handler = createStaticHandler(routes);

function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
  });
}

async function renderOnce(context: StaticHandlerContext, queries: QueryClient): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queries}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
    // React writes a large finished Suspense boundary (the footer) after the page, moved in by an inline
    // script the CSP refuses; the whole page is wanted in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Queries the components asked for but that nothing has fetched: on the server, useQuery only asks. */
function unfetched(queries: QueryClient) {
  return queries
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
}

const MAX_PASSES = 4;
const SUSPENDED_BOUNDARY = '<template id="B:';

/**
 * Renders until every query the page asks for has its data (a page may ask for more once the first data
 * is in), at most three passes. A query that fails leaves its component in its loading state, which the
 * browser then fetches itself.
 */
async function renderWithData(context: StaticHandlerContext, queries: QueryClient) {
  let html = await renderOnce(context, queries);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const missing = unfetched(queries);
    // A boundary still waiting (a lazy component seen for the first time in this process) is written
    // after the page with an inline script to move it in, which the CSP refuses: render again, now loaded.
    if (missing.length === 0 && !html.includes(SUSPENDED_BOUNDARY)) break;
    await Promise.all(
      missing.map((query) =>
        queries
          .prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })
          .catch(() => undefined),
      ),
    );
    html = await renderOnce(context, queries);
  }
  return html;
}

const escapeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export async function render(url: URL, fetchApi: FetchApi): Promise<RenderResult> {
  return requestApi.run(fetchApi, async () => {
    const context = await handler.query(new Request(url));
    if (context instanceof Response) {
      return {
        kind: 'redirect',
        status: context.status,
        location: context.headers.get('location') ?? '/',
      };
    }
    if (context.errors) throw new Error('A route failed while rendering on the server');
    const queries = newQueryClient();
    const html = await renderWithData(context, queries);
    // A page without its data (the database away) is not a page to send or keep: the server sends the
    // app's shell instead, which shows its own loading and error states.
    const failed = queries
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'error');
    if (failed.length > 0) {
      queries.clear();
      throw new Error(
        `The page's data did not load: ${failed.map((query) => String(query.queryKey[0])).join(', ')}`,
      );
    }
    const head = pageHead(context.matches, url);
    const state: SsrState = {
      loaderData: context.loaderData,
      queries: dehydrate(queries),
    };
    queries.clear();
    return {
      kind: 'page',
      status: head.notFound ? 404 : context.statusCode,
      modules: modulesOf(context.matches.map((match) => match.route.id)),
      head,
      html,
      state: escapeJson(JSON.stringify(state)),
    };
  });
}
