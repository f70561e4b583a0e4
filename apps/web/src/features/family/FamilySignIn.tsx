import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { invalidateResources } from '../../shared/data/resource';
import { currentLanguage } from '../../shared/i18n';
import { Card } from '../../shared/ui/plain/Card';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { TextInput } from '../../shared/ui/plain/fields';
import { Notice } from '../../shared/ui/plain/Notice';
import { askSignInLink, familyPrefix, startFamilySession } from './api';
import './family.css';

/** "My family" without a session: the address to mail a sign-in link to. The same answer for every address. */
export function FamilySignInForm() {
  const { t } = useTranslation('family');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      setSent((await askSignInLink({ email, language: currentLanguage() })).validMinutes);
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="bjk-family">
      <h1 className="bjk-h1">{t('signIn.title')}</h1>
      <Card roomy>
        <p className="bjk-body1">{t('signIn.intro')}</p>
        {sent === null ? (
          <form onSubmit={(event) => void submit(event)} className="bjk-family-form">
            <TextInput
              label={t('signIn.email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {error !== null && <ErrorNotice error={error} submit />}
            <button type="submit" className="bjk-button bjk-button--contained" disabled={sending} data-testid="family-send-link">
              {t('signIn.send')}
            </button>
          </form>
        ) : (
          <div className="bjk-stack">
            <Notice severity="success" testId="family-link-sent">
              {t('signIn.sent', { minutes: sent })}
            </Notice>
            <p className="bjk-body2 bjk-secondary">{t('signIn.sentHint')}</p>
            <button type="button" className="bjk-button bjk-button--text" onClick={() => setSent(null)}>
              {t('signIn.again')}
            </button>
          </div>
        )}
      </Card>
    </div>
  );
}

/**
 * `/family/welcome#<token>`: where the mailed link lands. Opening it (a mail scanner's GET too) spends nothing; the
 * button posts the token, which spends the link and sets the session cookie. The token leaves the address bar at once.
 */
export function FamilyWelcomePage() {
  const { t } = useTranslation('family');
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  async function signIn() {
    setPending(true);
    setError(null);
    try {
      await startFamilySession(token);
      invalidateResources(familyPrefix);
      void navigate('/family', { replace: true });
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  }

  return (
    <div className="bjk-family">
      <h1 className="bjk-h1">{t('welcome.title')}</h1>
      <Card roomy>
        {token ? (
          <div className="bjk-stack">
            <p className="bjk-body1">{t('welcome.intro')}</p>
            {error !== null && <ErrorNotice error={error} submit />}
            <button
              type="button"
              className="bjk-button bjk-button--contained bjk-button--large"
              onClick={() => void signIn()}
              disabled={pending}
              data-testid="family-sign-in"
            >
              {t('welcome.button')}
            </button>
          </div>
        ) : (
          <p className="bjk-body1">{t('welcome.noToken')}</p>
        )}
        {(error !== null || !token) && (
          <p className="bjk-body1">
            <Link to="/family" className="bjk-link">
              {t('welcome.askNew')}
            </Link>
          </p>
        )}
      </Card>
    </div>
  );
}
