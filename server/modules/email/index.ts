// Email validation (the service email).
