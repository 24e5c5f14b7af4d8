"""Entry point of the Cloud Functions codebase: declares the functions, nothing else.

Firebase discovers every function defined at module level here; the code lives in `service`.
"""
# `as createAccount`: an explicit re-export (ruff F401), the function is deployed, not used here.
from service.accounts import createAccount as createAccount
from service.analysis import analyseDeal as analyseDeal
from service.endpoint import callable_function
from service.registry import ALL_CALLABLES
from service.sweep import sweepRooms as sweepRooms
from service.tournaments import tournamentClock as tournamentClock

#: Every function this codebase deploys: a request naming one of them is run only by it.
FUNCTION_NAMES = ("createAccount", "sweepRooms", "tournamentClock", "analyseDeal", *ALL_CALLABLES)

createGameRoom = callable_function("createGameRoom", ALL_CALLABLES["createGameRoom"], FUNCTION_NAMES)
joinGameRoom = callable_function("joinGameRoom", ALL_CALLABLES["joinGameRoom"], FUNCTION_NAMES)
leaveGameRoom = callable_function("leaveGameRoom", ALL_CALLABLES["leaveGameRoom"], FUNCTION_NAMES)
toggleReady = callable_function("toggleReady", ALL_CALLABLES["toggleReady"], FUNCTION_NAMES)
exportDeals = callable_function("exportDeals", ALL_CALLABLES["exportDeals"], FUNCTION_NAMES)
startGame = callable_function("startGame", ALL_CALLABLES["startGame"], FUNCTION_NAMES)
placeBid = callable_function("placeBid", ALL_CALLABLES["placeBid"], FUNCTION_NAMES)
chooseTeammate = callable_function("chooseTeammate", ALL_CALLABLES["chooseTeammate"], FUNCTION_NAMES)
playCard = callable_function("playCard", ALL_CALLABLES["playCard"], FUNCTION_NAMES)
claim = callable_function("claim", ALL_CALLABLES["claim"], FUNCTION_NAMES)
respondClaim = callable_function("respondClaim", ALL_CALLABLES["respondClaim"], FUNCTION_NAMES)
requestUndo = callable_function("requestUndo", ALL_CALLABLES["requestUndo"], FUNCTION_NAMES)
respondUndo = callable_function("respondUndo", ALL_CALLABLES["respondUndo"], FUNCTION_NAMES)
inviteToRoom = callable_function("inviteToRoom", ALL_CALLABLES["inviteToRoom"], FUNCTION_NAMES)
updateRoomSettings = callable_function("updateRoomSettings", ALL_CALLABLES["updateRoomSettings"], FUNCTION_NAMES)
updateProfile = callable_function("updateProfile", ALL_CALLABLES["updateProfile"], FUNCTION_NAMES)
addBot = callable_function("addBot", ALL_CALLABLES["addBot"], FUNCTION_NAMES)
removeBot = callable_function("removeBot", ALL_CALLABLES["removeBot"], FUNCTION_NAMES)
claimTimeout = callable_function("claimTimeout", ALL_CALLABLES["claimTimeout"], FUNCTION_NAMES)
watchRoom = callable_function("watchRoom", ALL_CALLABLES["watchRoom"], FUNCTION_NAMES)
stopWatching = callable_function("stopWatching", ALL_CALLABLES["stopWatching"], FUNCTION_NAMES)
kickPlayer = callable_function("kickPlayer", ALL_CALLABLES["kickPlayer"], FUNCTION_NAMES)
sendMessage = callable_function("sendMessage", ALL_CALLABLES["sendMessage"], FUNCTION_NAMES)
createEvent = callable_function("createEvent", ALL_CALLABLES["createEvent"], FUNCTION_NAMES)
joinEventTable = callable_function("joinEventTable", ALL_CALLABLES["joinEventTable"], FUNCTION_NAMES)
addEventBot = callable_function("addEventBot", ALL_CALLABLES["addEventBot"], FUNCTION_NAMES)
startEvent = callable_function("startEvent", ALL_CALLABLES["startEvent"], FUNCTION_NAMES)
leaveEvent = callable_function("leaveEvent", ALL_CALLABLES["leaveEvent"], FUNCTION_NAMES)
createTournament = callable_function("createTournament", ALL_CALLABLES["createTournament"], FUNCTION_NAMES)
enterTournament = callable_function("enterTournament", ALL_CALLABLES["enterTournament"], FUNCTION_NAMES)
leaveTournament = callable_function("leaveTournament", ALL_CALLABLES["leaveTournament"], FUNCTION_NAMES)

__all__ = list(FUNCTION_NAMES)
