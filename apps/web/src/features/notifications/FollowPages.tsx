import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { FollowStatus } from '@bjk/domain/notifications';
import { useAction } from '../../shared/data/action';
import { confirmFollow, followStatus, forgetFollow, unfollow } from '../../shared/follow/follow-api';
import { ShellButton, shellButtonClass } from '../../shared/ui/ShellButton';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { Notice } from '../../shared/ui/plain/Notice';

/**
 * The pages a follow's links open (`/follow/unfollow#<token>` from a notification or a mail, `/follow/confirm#<token>`
 * from the confirmation mail). The token is in the fragment, so no server log or proxy sees it; the page acts only on
 * a tap (a POST), never on opening: mail scanners open links before people do.
 */
function useToken(): string {
  return decodeURIComponent(useLocation().hash.replace(/^#/, ''));
}

const resultsPath = (category: string, pairingNumber: number) => `/trn_${category.toLowerCase()}?player=${pairingNumber}`;

export function UnfollowPage() {
  const { t } = useTranslation('notifications');
  const token = useToken();
  const [status, setStatus] = useState<FollowStatus | null>(null);
  const [loadError, setError] = useState<unknown>(null);
  const stop = useAction({ send: () => unfollow(token), onSuccess: () => forgetFollow(token) });
  const done = stop.isSuccess;
  const error = stop.isError ? stop.error : loadError;

  useEffect(() => {
    if (!token) return;
    let live = true;
    followStatus(token).then(
      (answer) => live && setStatus(answer),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="bjk-stack" data-testid="unfollow-page">
      <h1 className="bjk-h1">{t('unfollowPage.title')}</h1>
      {!token && <Notice severity="warning">{t('confirmPage.missing')}</Notice>}
      {done ? (
        <Notice severity="success" role="status" testId="unfollow-done">
          {status ? t('unfollowPage.done', { name: status.name }) : t('unfollowPage.doneUnknown')}
        </Notice>
      ) : status ? (
        <>
          <p className="bjk-body1">
            {t(status.channel === 'email' ? 'unfollowPage.whatEmail' : 'unfollowPage.what', { name: status.name, category: status.category })}
          </p>
          <div>
            <ShellButton variant="contained" disabled={stop.isPending} onClick={() => stop.run()} data-testid="unfollow-confirm">
              {t('unfollowPage.button')}
            </ShellButton>
          </div>
        </>
      ) : (
        token && error === null && <p className="bjk-body1 bjk-secondary">{t('unfollowPage.loading')}</p>
      )}
      {error !== null && <ErrorNotice error={error} />}
      <div>
        <Link className={shellButtonClass('text')} to={status ? resultsPath(status.category, status.pairingNumber) : '/results'}>
          {t('unfollowPage.back')}
        </Link>
      </div>
    </div>
  );
}

export function ConfirmFollowPage() {
  const { t } = useTranslation('notifications');
  const token = useToken();
  const [status, setStatus] = useState<FollowStatus | null>(null);
  const confirm = useAction({ send: () => confirmFollow(token), onSuccess: setStatus });

  return (
    <div className="bjk-stack" data-testid="confirm-follow-page">
      <h1 className="bjk-h1">{t('confirmPage.title')}</h1>
      {!token ? (
        <Notice severity="warning">{t('confirmPage.missing')}</Notice>
      ) : status ? (
        <Notice severity="success" role="status" testId="confirm-done">
          {t('confirmPage.done', { name: status.name, category: status.category })}
        </Notice>
      ) : (
        <>
          <p className="bjk-body1">{t('confirmPage.intro')}</p>
          <div>
            <ShellButton variant="contained" disabled={confirm.isPending} onClick={() => confirm.run()} data-testid="confirm-follow">
              {t('confirmPage.button')}
            </ShellButton>
          </div>
        </>
      )}
      {confirm.isError && <ErrorNotice error={confirm.error} />}
    </div>
  );
}
