import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@bjk/domain/languages';
import { ShellButton } from '../ui/ShellButton';
import { ErrorNotice } from '../ui/plain/ErrorNotice';
import { Notice } from '../ui/plain/Notice';
import { TextInput } from '../ui/plain/fields';
import {
  findLocalFollow,
  followByEmail,
  followByPush,
  forgetFollow,
  isIosOutsideHomeScreen,
  pushSupported,
  PushRefused,
  rememberFollow,
  subscribeToPush,
  unfollow,
  type LocalFollow,
} from './follow-api';
import './follow.css';

type Props = { category: string; pairingNumber: number; name: string };

/**
 * "Follow" for one player (player card, the family page's children): this phone's notifications (Web Push), or e-mail
 * where push is not possible (an iPhone outside the home screen, a refused permission, an old browser). Following, it
 * says so and stops in one tap.
 */
export function FollowButton({ category, pairingNumber, name }: Props) {
  const { t, i18n } = useTranslation('notifications');
  const language = isLanguage(i18n.language) ? i18n.language : 'nl';
  const [follow, setFollow] = useState<LocalFollow | undefined>(() => findLocalFollow(category, pairingNumber));
  const [mode, setMode] = useState<'idle' | 'email'>('idle');
  const [reason, setReason] = useState<'ios' | 'denied' | 'unsupported' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [email, setEmail] = useState('');
  const player = { category, pairingNumber, language };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const startFollowing = () =>
    run(async () => {
      const offerEmail = (why: 'ios' | 'denied' | 'unsupported') => {
        setReason(why);
        setMode('email');
      };
      if (isIosOutsideHomeScreen()) return offerEmail('ios');
      if (!pushSupported()) return offerEmail('unsupported');
      let subscription: PushSubscriptionJSON;
      try {
        subscription = await subscribeToPush();
      } catch (caught) {
        if (!(caught instanceof PushRefused)) throw caught;
        return offerEmail('denied');
      }
      const answer = await followByPush(player, subscription);
      rememberFollow(answer);
      setFollow(findLocalFollow(category, pairingNumber));
    });

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await followByEmail(player, email);
      rememberFollow(answer);
      setFollow(findLocalFollow(category, pairingNumber));
      setMode('idle');
    });
  };

  const stopFollowing = () =>
    run(async () => {
      if (follow) await unfollow(follow.token);
      if (follow) forgetFollow(follow.token);
      setFollow(undefined);
      setReason(null);
    });

  if (follow) {
    return (
      <div className="follow-box" data-testid="follow">
        <p className="bjk-body2" role="status" data-testid="follow-state">
          {follow.status === 'pending_confirmation' ? t('pending', { name }) : t(follow.channel === 'push' ? 'followingPush' : 'followingEmail', { name })}
        </p>
        <ShellButton variant="outlined" size="small" disabled={busy} onClick={() => void stopFollowing()} data-testid="unfollow-button">
          {t('unfollow')}
        </ShellButton>
        {error !== null && <ErrorNotice error={error} submit />}
      </div>
    );
  }
  return (
    <div className="follow-box" data-testid="follow">
      {mode === 'idle' ? (
        <div className="follow-actions">
          <ShellButton
            variant="contained"
            size="small"
            disabled={busy}
            onClick={() => void startFollowing()}
            aria-label={t('followName', { name })}
            data-testid="follow-button"
          >
            {t('follow')}
          </ShellButton>
          <ShellButton variant="text" size="small" disabled={busy} onClick={() => setMode('email')} data-testid="follow-by-email">
            {t('byEmail')}
          </ShellButton>
        </div>
      ) : (
        <form className="follow-email" onSubmit={submitEmail} data-testid="follow-email-form">
          {reason && (
            <Notice severity="info" testId="follow-reason">
              {t(`reason.${reason}`)}
            </Notice>
          )}
          <TextInput
            label={t('email')}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="follow-email"
          />
          <p className="bjk-body2 bjk-secondary">{t('emailHelp')}</p>
          <div className="follow-actions">
            <ShellButton type="submit" variant="contained" size="small" disabled={busy}>
              {t('followByEmail')}
            </ShellButton>
            <ShellButton variant="text" size="small" onClick={() => setMode('idle')}>
              {t('cancel')}
            </ShellButton>
          </div>
        </form>
      )}
      {error !== null && <ErrorNotice error={error} submit />}
    </div>
  );
}
