import { atsProviderSuite } from "./ats-suite.ts";

atsProviderSuite("greenhouse");
