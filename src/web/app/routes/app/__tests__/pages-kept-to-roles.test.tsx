// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../../../contract/session';
import { RoutePage as Page } from '../../../../testing/route-page';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { sessionOf } from '../../../../testing/session';
import { withViewportWidth } from '../../../../testing/viewport';
import { AppProvider } from '../../../provider';
import * as accounts from '../accounts/accounts';
import * as account from '../accounts/account';
import * as disbursement from '../accounts/disbursement';
import * as fundMove from '../accounts/fund-move';
import * as fundMoves from '../accounts/fund-moves';
import * as ira from '../accounts/ira';
import * as money from '../accounts/money';
import * as register from '../compliance/money-requests';
import * as holdings from '../holdings/holdings';
import * as invest from '../offerings/invest';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

/** Signed in as `role`; every other read the page makes is recorded (and answered 403). */
function signedInAs(role: Role) {
  const reads: string[] = [];
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role, accountIds: role === 'investor' ? ['A1040000'] : [] })),
    ),
    http.all('/api/*', ({ request }) => {
      reads.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json({ code: 'forbidden', message: 'Forbidden' }, { status: 403 });
    }),
  );
  return reads;
}

/*
 * A page of a role the person does not have says so, as the pages kept to reviewers and admins
 * do: not the page's frame with "could not be loaded" under it, which reads as an outage, nor a
 * form whose every read is refused. The BFF refuses the same reads (docs/bff-api.md, policy).
 */
const A = '/accounts/:accountId';
const OF_A = (path: string) => path.replace(':accountId', 'A1040000');
describe.each([
  ['My accounts', accounts, '/accounts'],
  ['My investments', holdings, '/holdings'],
  ['an account', account, A],
  ['its money and timeline', money, `${A}/money`],
  ['its fund moves', fundMoves, `${A}/fund-moves`],
  ['one fund move', fundMove, `${A}/fund-moves/:referenceNumber`],
  ['a disbursement', disbursement, `${A}/disbursements/new`],
  ['an IRA request', ira, `${A}/ira`],
  ['investing', invest, '/offerings/:offeringId/invest'],
  ['the money requests register', register, '/compliance/money-requests'],
] as const)('%s, opened by issuer staff', (_name, module, pattern) => {
  const path = OF_A(pattern).replace(':referenceNumber', 'CFM1').replace(':offeringId', '5201');
  it('says they have no access to the page, and reads nothing of it', async () => {
    const reads = signedInAs('issuer_staff');
    render(
      <AppProvider>
        <Page module={module} pattern={pattern} path={path} />
      </AppProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeTruthy();
    expect(reads).toEqual([]);
  });
});

describe('the pages an investor has', () => {
  it('open for an investor', async () => {
    signedInAs('investor');
    bff.use(http.get('/api/accounts', () => HttpResponse.json({ accounts: [] })));
    render(
      <AppProvider>
        <Page module={accounts} pattern="/accounts" path="/accounts" />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'No accounts linked yet' })).toBeTruthy();
    expect(
      screen.queryByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeNull();
  });
});
