/**
 * `npm run users -- <command>`: manage portal users and their links to upstream ids.
 *
 *   create --email a@b.c --name "Ada" --role investor   (password read from stdin or PORTAL_PASSWORD)
 *   link   --email a@b.c --account A1234567 | --issuer 123 | --security 45
 *   unlink --email a@b.c --account A1234567 | --issuer 123 | --security 45
 *   password --email a@b.c                               (new password from stdin or PORTAL_PASSWORD)
 *   disable --email a@b.c | enable --email a@b.c
 *   reset-second-factor --email a@b.c                   (a user, even the last admin, who lost theirs)
 *   list
 */
import { parseArgs } from 'node:util';
import { roleSchema } from '../../contract/session';
import { loadConfig } from '../config';
import { loadEnvFile } from '../env-file';
import { openStore } from '../store/db';
import { revokeUserSessions } from '../store/sessions';
import { resetFactors } from '../store/second-factors';
import { recordAudit } from '../store/audit';
import {
  createUser,
  findUserIdByEmail,
  getLinks,
  link,
  listUsers,
  setPassword,
  unlink,
} from '../store/users';
import type { LinkKind } from '../store/schema';

async function readPassword(): Promise<string> {
  if (process.env.PORTAL_PASSWORD) return process.env.PORTAL_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write('Password (input is shown; prefer piping it): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && chunk.includes(10)) break;
  }
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password.length < 12) throw new Error('The password must be at least 12 characters.');
  return password;
}

async function main() {
  loadEnvFile();
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      account: { type: 'string' },
      issuer: { type: 'string' },
      security: { type: 'string' },
    },
  });
  const config = loadConfig();
  const db = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const needUser = async () => {
      if (!values.email) throw new Error('--email is required.');
      const id = await findUserIdByEmail(db, values.email);
      if (!id) throw new Error(`No user with email ${values.email}.`);
      return id;
    };
    const linkTarget = (): [LinkKind, string] => {
      if (values.account) return ['account', values.account];
      if (values.issuer) return ['issuer', values.issuer];
      if (values.security) return ['security', values.security];
      throw new Error('Name one of --account, --issuer or --security.');
    };
    switch (command) {
      case 'create': {
        if (!values.email || !values.name) throw new Error('--email and --name are required.');
        const role = roleSchema.safeParse(values.role);
        if (!role.success)
          throw new Error(`--role must be one of ${roleSchema.options.join(', ')}.`);
        const id = await createUser(db, {
          email: values.email,
          name: values.name,
          role: role.data,
          password: await readPassword(),
        });
        console.log(`Created ${values.email} (${role.data}), id ${id}.`);
        break;
      }
      case 'link':
      case 'unlink': {
        const id = await needUser();
        const [kind, upstreamId] = linkTarget();
        await (command === 'link' ? link : unlink)(db, id, kind, upstreamId);
        console.log(
          `${command === 'link' ? 'Linked' : 'Unlinked'} ${kind} ${upstreamId}; now: ${JSON.stringify(await getLinks(db, id))}`,
        );
        break;
      }
      case 'password': {
        const id = await needUser();
        await setPassword(db, id, await readPassword());
        await revokeUserSessions(db, id);
        console.log('Password changed; the user was signed out everywhere.');
        break;
      }
      case 'disable':
      case 'enable': {
        const id = await needUser();
        await db
          .updateTable('users')
          .set({ disabled: command === 'disable' })
          .where('id', '=', id)
          .execute();
        if (command === 'disable') await revokeUserSessions(db, id);
        console.log(`${values.email} ${command}d.`);
        break;
      }
      case 'reset-second-factor': {
        const id = await needUser();
        const removed = await resetFactors(db, id);
        await revokeUserSessions(db, id);
        await recordAudit(db, {
          action: 'second_factor_reset',
          objectType: 'user',
          objectId: id,
          outcome: 'succeeded',
          details: { email: values.email, removed, by: 'command_line' },
        });
        console.log(`Removed ${removed} second factor(s); the user was signed out everywhere.`);
        break;
      }
      case 'list': {
        for (const u of await listUsers(db)) {
          const links = await getLinks(db, u.id);
          console.log(
            `${u.email.padEnd(28)} ${u.role.padEnd(13)} ${u.disabled ? 'disabled ' : ''}${u.demo ? 'demo ' : ''}${JSON.stringify(links)}`,
          );
        }
        break;
      }
      default:
        throw new Error(
          'Commands: create, link, unlink, password, disable, enable, reset-second-factor, list.',
        );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
