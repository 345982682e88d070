import ImagerCommandLine

// The composition root: parse the command line and run the chosen command.
await Imager.runAndExit()
