import CancelIcon from '@mui/icons-material/Close';
import { Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, NumberInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { TEXT_MAX } from '../../../contract/limits';
import type { FieldErrors } from '../../apiErrors';
import { FormSaveButton } from '../../components/FormSaveButton';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { type NumberRule, savedAsNote } from '../../components/savedAsNote';
import { maxLengthProps } from '../../components/textLimit';
import { AllowedOffersInput } from './AllowedOffersInput';
import { BotAvatar } from './BotAvatar';
import {
  type BotFormValues,
  botResolver,
  MAX_SESSIONS_MIN,
  normaliseMaxSessions,
  normaliseSkill,
  SKILL_MAX,
  SKILL_MIN,
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

/**
 * A number the form normalises on submit (spec section 5): its hint, or what a typed value will
 * be saved as ('Saved as 1: at least 1') while the admin can still change it.
 */
const NoteNumberInput = ({
  source,
  label,
  hint,
  rule,
  normalise,
}: {
  source: 'maxSessions' | 'skill';
  label: string;
  hint: string;
  rule: NumberRule;
  normalise: (value: unknown) => number;
}) => {
  const typed: unknown = useWatch({ name: source });
  return (
    <NumberInput
      source={source}
      label={label}
      min={rule.min}
      max={rule.max}
      step={1}
      helperText={savedAsNote(typed, normalise(typed), rule) ?? hint}
      sx={{ flex: 1, minWidth: 160 }}
    />
  );
};

// Always enabled: a click on an untouched new bot shows what is missing (as the other forms do).
const BotFormToolbar = () => (
  <Toolbar sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-start' }}>
    <FormSaveButton />
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
    resolver={botResolver}
    warnWhenUnsavedChanges
    // min and max only guide the spinners: out-of-range values are normalised on submit (spec
    // section 5), and the resolver words what is wrong, instead of the browser refusing to submit
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
        autoComplete="off"
        {...maxLengthProps(TEXT_MAX.bot.nickname)}
      />
    </Box>
    <TextInput
      source="avatarUrl"
      label="Avatar URL"
      type="url"
      autoComplete="off"
      {...maxLengthProps(TEXT_MAX.bot.avatarUrl)}
      helperText="An http(s) address of an image; leave empty for none"
    />
    <BooleanInput source="active" label="Active" />
    <Box sx={ROW}>
      <NoteNumberInput
        source="maxSessions"
        label="Max sessions"
        hint={`At least ${MAX_SESSIONS_MIN}`}
        rule={{ min: MAX_SESSIONS_MIN }}
        normalise={normaliseMaxSessions}
      />
      <NoteNumberInput
        source="skill"
        label="Skill"
        hint={`${SKILL_MIN}-${SKILL_MAX}`}
        rule={{ min: SKILL_MIN, max: SKILL_MAX }}
        normalise={normaliseSkill}
      />
    </Box>
    <AllowedOffersInput />
  </SimpleForm>
);
