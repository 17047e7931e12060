// The shared tsconfig lists only node and jest types; this brings jest-dom's matchers (loaded by the jest setup) into type checking.
/// <reference types="@testing-library/jest-dom" />
