/**
 * The keyboard's way into a list that renders only its rows near the view: the list registers how
 * to move from one note to the next (scrolling a row into being first), and the shortcuts ask it
 * before walking the links on the page. Answers false when no such list is showing.
 */
type Stepper = (step: 1 | -1 | 0) => boolean;

let stepper: Stepper | null = null;

export function registerListStepper(next: Stepper): () => void {
  stepper = next;
  return () => {
    if (stepper === next) stepper = null;
  };
}

export function stepList(step: 1 | -1 | 0): boolean {
  return stepper?.(step) ?? false;
}
