import CancelIcon from '@mui/icons-material/Close';
import { Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { FieldErrors } from '../../apiErrors';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { BotAvatar } from './BotAvatar';
import {
  type BotFormValues,
  formatOffers,
  MAX_SESSIONS_MIN,
  SKILL_MAX,
  SKILL_MIN,
  validateNickname,
} from './botValues';
import { BOTS_PATH } from './paths';

/** The picture the avatar URL gives, as the list will show it. */
const AvatarPreview = () => {
  const [avatarUrl, nickname] = useWatch({ name: ['avatarUrl', 'nickname'] });
  const name = typeof nickname === 'string' && nickname.trim() ? nickname.trim() : 'this bot';
  return (
    <Box sx={{ pt: 1 }}>
      <BotAvatar url={typeof avatarUrl === 'string' ? avatarUrl : null} nickname={name} size={48} />
    </Box>
  );
};

const BotFormToolbar = () => (
  <Toolbar sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-start' }}>
    <SaveButton label="Save" />
    <Button component={Link} to={BOTS_PATH} startIcon={<CancelIcon />}>
      Cancel
    </Button>
  </Toolbar>
);

const ROW = { display: 'flex', gap: 2, width: '100%', flexWrap: 'wrap' } as const;

/**
 * The fields of the create and edit screens (spec: nickname, avatar URL, active, max sessions,
 * skill, allowed offers as comma-separated text). The screens normalise the values on submit.
 * `children` come before the inputs (the edit screen's read-only facts).
 */
export const BotForm = ({
  defaultValues,
  errors,
  children,
}: {
  defaultValues?: BotFormValues;
  errors?: FieldErrors;
  children?: ReactNode;
}) => (
  <SimpleForm
    toolbar={<BotFormToolbar />}
    defaultValues={defaultValues}
    // min and max only guide the spinners: out-of-range values are normalised on submit (spec
    // section 5), and a bad URL gets the API's message, instead of the browser refusing to submit
    noValidate
    sx={{ maxWidth: 640 }}
  >
    <ServerFieldErrors errors={errors} />
    {children}
    <Box sx={{ ...ROW, flexWrap: 'nowrap', alignItems: 'flex-start' }}>
      <AvatarPreview />
      <TextInput
        source="nickname"
        label="Nickname"
        isRequired
        validate={validateNickname}
        autoComplete="off"
      />
    </Box>
    <TextInput
      source="avatarUrl"
      label="Avatar URL"
      type="url"
      autoComplete="off"
      helperText="An http(s) address of an image; leave empty for none"
    />
    <BooleanInput source="active" label="Active" />
    <Box sx={ROW}>
      <NumberInput
        source="maxSessions"
        label="Max sessions"
        min={MAX_SESSIONS_MIN}
        step={1}
        helperText={`At least ${MAX_SESSIONS_MIN}`}
        sx={{ flex: 1, minWidth: 160 }}
      />
      <NumberInput
        source="skill"
        label="Skill"
        min={SKILL_MIN}
        max={SKILL_MAX}
        step={1}
        helperText={`${SKILL_MIN}-${SKILL_MAX}`}
        sx={{ flex: 1, minWidth: 160 }}
      />
    </Box>
    <TextInput
      source="allowedOffers"
      label="Allowed offers"
      format={formatOffers}
      autoComplete="off"
      helperText="Comma-separated, e.g. solitaire, bingo"
    />
  </SimpleForm>
);
