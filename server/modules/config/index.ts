// The portal's public configuration for the SPA.
