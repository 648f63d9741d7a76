// motion's animation features, loaded after the page (LazyMotion in app/root.tsx):
// the shell ships only the small `m` components.
import { domAnimation } from "motion/react";

export default domAnimation;
