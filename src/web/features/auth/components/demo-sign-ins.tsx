import { roleLabels, type Role } from '../../../../contract/session';
import { PlainButton } from '../../../components/plain-button';
import './demo-sign-ins.css';

/** The sandbox's seeded users; shown only when the BFF says it runs on the sandbox. */
const demoUsers: { email: string; role: Role }[] = [
  { email: 'investor@demo.test', role: 'investor' },
  { email: 'investor2@demo.test', role: 'investor' },
  { email: 'issuer@demo.test', role: 'issuer_staff' },
  { email: 'compliance@demo.test', role: 'compliance' },
  { email: 'admin@demo.test', role: 'admin' },
];
const DEFAULT_DEMO_PASSWORD = 'demo-password-2026';

/** Drawn without MUI, as the sign-in page it sits on (components/plain.css). */
export function DemoSignIns({ onUse }: { onUse: (email: string, password: string) => void }) {
  return (
    <section className="demo-sign-ins" aria-labelledby="demo-sign-ins">
      <h2 id="demo-sign-ins">Demo sign-ins</h2>
      <p>
        This portal runs on the sandbox. Every demo user&apos;s password is{' '}
        <code>{DEFAULT_DEMO_PASSWORD}</code> unless it was started with another DEMO_PASSWORD.
      </p>
      <ul>
        {demoUsers.map((user) => (
          <li key={user.email}>
            <div className="demo-sign-ins__user">
              {user.email}
              <div>{roleLabels[user.role]}</div>
            </div>
            <PlainButton
              type="button"
              variant="outlined"
              onClick={() => onUse(user.email, DEFAULT_DEMO_PASSWORD)}
              aria-label={`Fill in ${user.email}`}
            >
              Fill in
            </PlainButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
