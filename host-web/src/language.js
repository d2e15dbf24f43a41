// The page's language (decision 75): the signed-in person's (`user.lang`), else the plant's
// default (`GET /api/i18n`, public), else English. The kiosk's remote sets the operator's
// from the badge scan and gives the page back to this rule at sign-out.
import { useEffect } from 'react';
import { getSession, plantLanguage, registerTranslations, setLanguage, subscribeSession } from '@plantdoc/kit/core';

registerTranslations('host', (lng) => import(`../locales/${lng}.json`));

async function follow() {
  const s = getSession();
  const own = s.isAuthenticated ? s.user?.lang : null;
  return setLanguage(own || (await plantLanguage()));
}

/** Keeps the page in the signed-in person's language (the shell calls it once). */
export function useSessionLanguage() {
  useEffect(() => {
    let user = null;
    const check = () => {
      const s = getSession();
      const key = s.isAuthenticated ? `${s.user?._id}:${s.user?.lang ?? ''}` : '';
      if (key !== user) {
        user = key;
        follow();
      }
    };
    check();
    return subscribeSession(check);
  }, []);
}
