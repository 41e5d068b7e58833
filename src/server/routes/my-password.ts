import {
  changeMyPasswordSchema,
  myPasswordSchema,
  passwordChangedSchema,
} from '../../contract/identity';
import { HttpError } from '../lib/http-error';
import { recordAudit } from '../store/audit';
import { listUserSessions, revokeSessions } from '../store/sessions';
import { hashPassword, passwordHashOf, passwordMatches, setPasswordHash } from '../store/users';
import { attributed, defineRoute } from './define';

/** Said to a person who signs in only through single sign-on: the portal holds no password of theirs. */
const PASSWORD_WITH_PROVIDER =
  'You sign in through single sign-on: your password is kept by your identity provider, so change it there. Nothing was changed.';

/** A person's own password, in Security settings. An admin sets another user's on the Users page. */
export const myPasswordRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/me/password',
    summary:
      'Whether I have a password of the portal’s to change (one who signs in only through single sign-on has none)',
    tags: ['me'],
    response: myPasswordSchema,
    async handler({ user, deps }) {
      return { hasPassword: (await passwordHashOf(deps.db, user!.id)) !== null };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/me/password',
    summary:
      'Change my password (the current one, and a fresh second factor where I have one); every other session of mine ends',
    tags: ['me'],
    body: changeMyPasswordSchema,
    response: passwordChangedSchema,
    afterChange:
      'Sign in again with your new password to check it; if it is refused, use your old one and change it again.',
    async handler({ user, body, deps, audit, request, changeMade }) {
      const hash = await passwordHashOf(deps.db, user!.id);
      if (hash === null) {
        throw new HttpError('conflict', PASSWORD_WITH_PROVIDER, {
          submitted: 'no',
          refusal: 'request',
        });
      }
      // The current password proves it is the person, not someone at a session left open. A
      // wrong one is audited: guesses there are worth finding in the log (and the route's limit
      // stops them early).
      if (!(await passwordMatches(hash, body.currentPassword))) {
        await audit({
          action: 'password_changed',
          objectType: 'user',
          objectId: user!.id,
          outcome: 'denied',
          details: { reason: 'wrong_current_password', email: user!.email },
        });
        const message = 'This is not your current password';
        throw new HttpError('bad_request', `${message}. Nothing was changed.`, {
          fields: [{ field: 'currentPassword', message }],
          submitted: 'no',
        });
      }
      if (await passwordMatches(hash, body.newPassword)) {
        const message = 'The new password must differ from your current one';
        throw new HttpError('bad_request', `${message}. Nothing was changed.`, {
          fields: [{ field: 'newPassword', message }],
          submitted: 'no',
        });
      }
      // Hashed before the transaction, which then holds the store only for its writes.
      const newHash = await hashPassword(body.newPassword);
      // Every other session ends, and every sign-in waiting for its second factor (it passed the
      // old password): whoever held the old password holds nothing now. This one stays.
      const others = await deps.db.transaction().execute(async (tx) => {
        const ending = (await listUserSessions(tx, user!.id)).filter(
          (s) => s.idHash !== request.session?.idHash,
        );
        await setPasswordHash(tx, user!.id, newHash);
        await revokeSessions(tx, { idHashes: ending.map((s) => s.idHash) });
        await recordAudit(
          tx,
          attributed(
            {
              action: 'password_changed',
              objectType: 'user',
              objectId: user!.id,
              outcome: 'succeeded',
              details: { endedSessions: ending.map((s) => s.id), email: user!.email },
            },
            user,
            request,
          ),
        );
        return ending;
      });
      changeMade();
      return { endedSessions: others.length };
    },
  }),
];
