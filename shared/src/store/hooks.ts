import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from './create-store.js';
import type { RootState } from './root-reducer.js';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
