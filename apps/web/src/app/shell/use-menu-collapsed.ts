import { useCallback, useState } from 'react';

export const MENU_COLLAPSED_KEY = 'siteflow.menu.collapsed';

function read(): boolean {
  try {
    return window.localStorage.getItem(MENU_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the side menu shows icons only; remembered across visits in localStorage. */
export function useMenuCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(read);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(MENU_COLLAPSED_KEY, String(next));
      } catch {
        /* private mode: the choice lasts for this page only */
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
