import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput } from 'react-admin';

/** A react-admin boolean input drawn as a checkbox (BooleanInput is a switch). */
export const CheckboxInput = ({
  source,
  label,
  readOnly = false,
}: {
  source: string;
  label: string;
  readOnly?: boolean;
}) => {
  const { field } = useInput({ source });
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          disabled={readOnly}
        />
      }
    />
  );
};
