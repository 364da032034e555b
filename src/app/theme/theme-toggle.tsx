import { Button } from '../../ui/button';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { toggleTheme, useTheme } from './theme-store';

export const themeToggleLabels = { dark: 'Use light mode', light: 'Use dark mode' } as const;

export function ThemeToggle({ className }: { readonly className?: string }) {
  const theme = useTheme();
  const label = themeToggleLabels[theme];
  return (
    <Button variant="ghost" size="icon" className={className} aria-label={label} title={label} onClick={toggleTheme}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
