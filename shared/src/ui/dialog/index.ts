// Its own entry, not part of `@institute/shared/ui`: the shell's first load shows no dialog and does not carry one.
export { Dialog, type DialogProps } from './dialog';
