export { Banner, BannerPlaceholder } from './banner';
export { Spinner } from './spinner';
export { ErrorState, EmptyState } from './states';
export { useFocusTrap, type FocusTrapOptions } from './use-focus-trap';
export { useHydrated } from './use-hydrated';
export { ResponsiveImage, responsiveSources, type ResponsiveImageProps } from './responsive-image';
export { LoadMore } from './load-more';
export { ProgramCombobox, SUGGEST_DELAY_MS, type ProgramComboboxProps, type ComboboxClasses } from './program-combobox';
export { autoFillGridSizes, boxSizes, column, columnGridSizes, type AutoFillGrid, type BoxShare, type ColumnGrid, type ImageBox } from './image-sizes';
