import MenuItem from '@mui/material/MenuItem';

export type MenuChoice = { value: string; label: string };

/** The options of a select field, one MenuItem per choice (the select reads their values). */
export function menuItems(choices: readonly MenuChoice[]) {
  return choices.map((choice) => (
    <MenuItem key={choice.value} value={choice.value}>
      {choice.label}
    </MenuItem>
  ));
}
