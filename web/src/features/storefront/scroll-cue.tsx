import { useCallback } from 'react';
import { useScrolledPast } from '../../components/use-scrolled-past';
import { cx, IconButton, KeyboardArrowDownIcon } from '../../components/ui';
import { defineIsland } from '../../islands/island';
import styles from './home-page.module.css';

/** The home hero's 'Scroll down' button, hidden once the page is scrolled past half the viewport. An island. */
export default function ScrollCue() {
  const halfViewport = useCallback(() => window.innerHeight / 2, []);
  const scrolledPastHalf = useScrolledPast(halfViewport);
  const scrollDown = () => document.getElementById('featured')?.scrollIntoView({ behavior: 'smooth' });
  return (
    <IconButton
      aria-label="Scroll down"
      onClick={scrollDown}
      className={cx(styles.scrollCue, scrolledPastHalf && styles.scrollCueHidden)}
    >
      <KeyboardArrowDownIcon />
    </IconButton>
  );
}

export const ScrollCueIsland = defineIsland('scroll-cue', ScrollCue);
