/**
 * The sandbox's stand-in for the hosted bank-linking page linkExternalAccount hands out in the
 * `hosted` mode (see domain/bank-linking.ts): one button links the account's bank, as finishing
 * the real page would. Plain HTML, no script; it tells the person to go back to the portal.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context.js';
import { bankFor, linkBank } from '../domain/bank-linking.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem">` +
        `<h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

const UNKNOWN =
  '<p>This bank-linking page is not valid, or it was already used. Go back to the portal and start again from its Link a bank account button.</p>';

export function registerBankLinkPage(control: FastifyInstance, ctx: SandboxContext): void {
  control.get<{ Params: { token: string } }>('/bank-link/:token', async (request, reply) => {
    const accountId = ctx.bankLinking.pageAccount(request.params.token);
    if (!accountId) return page(reply, 404, 'Bank linking', UNKNOWN);
    const bank = bankFor(accountId);
    return page(
      reply,
      200,
      'Link a bank account (sandbox)',
      `<p>This page stands in for the platform's hosted bank-linking page. Linking here gives account ` +
        `${escapeHtml(accountId)} the bank below for its ACH transfers.</p>` +
        `<form method="post"><button type="submit">Link ${escapeHtml(bank.bankName)} ` +
        `••••${escapeHtml(bank.accountNumber.slice(-4))}</button></form>`,
    );
  });

  control.post<{ Params: { token: string } }>('/bank-link/:token', async (request, reply) => {
    const accountId = ctx.bankLinking.finish(request.params.token);
    if (!accountId) return page(reply, 404, 'Bank linking', UNKNOWN);
    linkBank(ctx.store.state, accountId, ctx.clock.now());
    ctx.store.changed();
    return page(
      reply,
      200,
      'Bank account linked',
      `<p>The bank account is linked to account ${escapeHtml(accountId)}. You can close this tab ` +
        `and go back to the portal.</p>`,
    );
  });
}
