// The offline page's one script (built into /offline.js): the page the parent was opening opens by itself
// once the connection is back. The `online` event only says a network is up — the site may not answer yet
// (a captive Wi-Fi, a network still settling) — so the page is asked for first, a few times if need be,
// and reloaded only when it answers: a reload onto this page again would wait for the next event.
const ATTEMPTS = 5;
const PAUSE_MS = 2000;

async function reachable(): Promise<boolean> {
  try {
    // HEAD: the worker leaves it to the network, and the answer has no body to download.
    const answer = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return answer.status < 500;
  } catch {
    return false;
  }
}

let checking = false;

async function reloadWhenReachable(): Promise<void> {
  if (checking) return;
  checking = true;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (await reachable()) {
      window.location.reload();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  checking = false;
}

window.addEventListener('online', () => void reloadWhenReachable());
